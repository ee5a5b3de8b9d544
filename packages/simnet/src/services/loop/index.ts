/**
 * loopd's REST interface for every node, under `/loop/:nodeId`: loop out terms, quotes, swaps
 * and liquidity parameters with autoloop. Same header, JSON and error conventions as lnd; the
 * node's lnd admin macaroon is accepted, and loopd answers only while its lnd is up.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { World } from '../../world/api'
import { ChainError } from '../../world/chain-api'
import { addressScript } from '../../world/chain/network'
import { serviceDirectory } from '../control/directory'
import { checkMacaroon } from '../lnd/context'
import { lndDaemons } from '../lnd/daemon'
import { GrpcCode, RpcError, invalidArgument, rpcErrorHandler } from '../lnd/errors'
import { b64ToHex, bodyOf, i64, readInt, readString } from '../lnd/proto'
import { AUTOLOOP_LABEL, Autoloop } from './autoloop'
import { LoopEngine, LoopError } from './engine'
import { type LiquidityParams, type LoopSection, TERMS, quote } from './state'
import { PARAM_KEYS, defaultParams, swapJson } from './wire'

const LOOP_PREFIX = '/loop'

/** Fee limits per category, which `fee_ppm` replaces. */
const CATEGORY_FEE_KEYS = [
  'sweep_fee_rate_sat_per_vbyte',
  'max_swap_fee_ppm',
  'max_routing_fee_ppm',
  'max_prepay_routing_fee_ppm',
  'max_prepay_sat',
  'max_miner_fee_sat',
] as const

function normaliseParams(input: Record<string, unknown>): LiquidityParams {
  const params = defaultParams()
  for (const key of PARAM_KEYS) {
    if (input[key] === undefined || key === 'rules') continue
    const current = params[key]
    params[key] =
      typeof current === 'string' && typeof input[key] === 'number'
        ? String(input[key])
        : input[key]
  }
  const rules = Array.isArray(input.rules) ? (input.rules as Record<string, unknown>[]) : []
  params.rules = rules.map((r) => ({
    channel_id:
      typeof r.channel_id === 'string' || typeof r.channel_id === 'number'
        ? String(r.channel_id)
        : '0',
    swap_type: typeof r.swap_type === 'string' ? r.swap_type : 'LOOP_OUT',
    pubkey: typeof r.pubkey === 'string' ? r.pubkey : '',
    type: typeof r.type === 'string' ? r.type : 'THRESHOLD',
    incoming_threshold: readInt(r.incoming_threshold, 'incoming_threshold'),
    outgoing_threshold: readInt(r.outgoing_threshold, 'outgoing_threshold'),
  }))
  for (const r of params.rules) {
    if (
      r.incoming_threshold < 0 ||
      r.outgoing_threshold < 0 ||
      r.incoming_threshold + r.outgoing_threshold > 100
    ) {
      throw invalidArgument(
        'invalid liquidity rule: thresholds must be 0-100 and sum to at most 100',
      )
    }
  }
  // One overall fee share, or limits per category: never both (as loopd refuses).
  if (Number(params.fee_ppm) > 0) {
    const set = CATEGORY_FEE_KEYS.filter((k) => input[k] !== undefined && Number(input[k]) !== 0)
    if (set.length > 0) {
      throw invalidArgument(`fee_ppm cannot be set together with ${set.join(', ')}`)
    }
    for (const k of CATEGORY_FEE_KEYS) params[k] = '0'
  }
  if (params.autoloop_dest_address) {
    try {
      addressScript(params.autoloop_dest_address)
    } catch {
      throw invalidArgument(
        `autoloop destination address ${params.autoloop_dest_address} is not valid for network regtest`,
      )
    }
  }
  return params
}

export async function registerLoop(app: FastifyInstance, world: World): Promise<void> {
  const section = world.persistence.section<LoopSection>('loop', () => ({ swaps: [], params: {} }))
  const engine = new LoopEngine(world, section)
  const autoloop = new Autoloop(world, engine)
  const daemons = lndDaemons(world)
  serviceDirectory(world).describe('loop', () => {
    const nodes: Record<string, unknown> = {}
    for (const node of world.lightning.nodes()) {
      const daemon = daemons.get(node.id)
      nodes[node.id] = {
        restUrl: `${world.baseUrl.replace(/^http:/, 'https:')}${LOOP_PREFIX}/${node.id}`,
        // loopd here accepts the node's lnd admin macaroon; node-host merchants hold their own.
        macaroonHex: daemon && !daemon.isManaged ? daemons.adminMacaroonHex(node.id) : null,
      }
    }
    return { nodes }
  })
  app.addHook('onClose', (_instance, done) => {
    autoloop.close()
    engine.close()
    done()
  })

  await app.register(
    (scope, _opts, done) => {
      scope.setErrorHandler((err, req, reply) => {
        if (err instanceof LoopError || err instanceof ChainError) {
          return rpcErrorHandler(invalidArgument(err.message), req, reply)
        }
        return rpcErrorHandler(err, req, reply)
      })
      scope.addHook('onRequest', (req: FastifyRequest, _reply, next) => {
        const nodeId = (req.params as { nodeId: string }).nodeId
        const daemon = daemons.get(nodeId)
        if (!daemon || daemon.phase !== 'SERVER_ACTIVE') {
          next(
            new RpcError(
              GrpcCode.Unavailable,
              `loopd for ${nodeId} is not running: its lnd is not ready`,
            ),
          )
          return
        }
        try {
          checkMacaroon(req, daemons, nodeId)
          next()
        } catch (err) {
          next(err as Error)
        }
      })
      const nodeOf = (req: FastifyRequest) =>
        world.lightning.node((req.params as { nodeId: string }).nodeId)!

      scope.get('/v1/loop/out/terms', () => ({
        min_swap_amount: i64(TERMS.minSwapSat),
        max_swap_amount: i64(TERMS.maxSwapSat),
        min_cltv_delta: TERMS.minCltv,
        max_cltv_delta: TERMS.maxCltv,
      }))

      scope.get('/v1/loop/out/quote/:amt', (req) => {
        const amt = readInt((req.params as { amt: string }).amt, 'amt')
        const confTarget =
          readInt((req.query as { conf_target?: string }).conf_target, 'conf_target') || 9
        if (amt < TERMS.minSwapSat || amt > TERMS.maxSwapSat) {
          throw invalidArgument(
            `amount must be between ${TERMS.minSwapSat} and ${TERMS.maxSwapSat} sat`,
          )
        }
        const q = quote(amt, engine.feeRate(confTarget))
        return {
          swap_fee_sat: i64(q.swapFeeSat),
          prepay_amt_sat: i64(q.prepayAmtSat),
          htlc_sweep_fee_sat: i64(q.htlcSweepFeeSat),
          swap_payment_dest: Buffer.from(world.lightning.lsp.pubkey, 'hex').toString('base64'),
          cltv_delta: q.cltvDelta,
          conf_target: confTarget,
          asset_rfq_info: null,
        }
      })

      scope.post('/v1/loop/out', (req) => {
        const body = bodyOf(req.body)
        const swap = engine.loopOut(nodeOf(req), {
          amtSat: readInt(body.amt, 'amt'),
          dest: readString(body.dest, 'dest'),
          maxSwapFeeSat: readInt(body.max_swap_fee, 'max_swap_fee'),
          maxPrepayAmtSat: readInt(body.max_prepay_amt, 'max_prepay_amt'),
          maxMinerFeeSat: readInt(body.max_miner_fee, 'max_miner_fee'),
          sweepConfTarget: readInt(body.sweep_conf_target, 'sweep_conf_target'),
          label: readString(body.label, 'label'),
          initiator: readString(body.initiator, 'initiator'),
        })
        return {
          id: swap.idHex,
          id_bytes: Buffer.from(swap.idHex, 'hex').toString('base64'),
          htlc_address: swap.htlcAddress,
          htlc_address_p2wsh: '',
          htlc_address_p2tr: swap.htlcAddress,
          server_message: '',
        }
      })

      scope.get('/v1/loop/swap/:id', (req) => {
        const raw = (req.params as { id: string }).id
        const idHex = /^[0-9a-f]{64}$/.test(raw) ? raw : b64ToHex(raw, 'id')
        const swap = engine.swaps(nodeOf(req).id).find((s) => s.idHex === idHex)
        if (!swap) throw new RpcError(GrpcCode.Unknown, 'swap not found')
        return swapJson(swap)
      })

      scope.get('/v1/loop/swaps', (req) => {
        const q = req.query as Record<string, string | undefined>
        const pendingOnly = q['list_swap_filter.pending_only'] === 'true'
        const type = q['list_swap_filter.swap_type']
        const swaps = engine
          .swaps(nodeOf(req).id)
          .filter((s) => !pendingOnly || (s.state !== 'SUCCESS' && s.state !== 'FAILED'))
          .filter(() => !type || type === 'ANY' || type === 'LOOP_OUT')
        return { swaps: swaps.map(swapJson), next_start_time: '0' }
      })

      // SuggestSwaps: what autoloop would do now, and why not for each channel it leaves out.
      scope.get('/v1/auto/suggest', (req) => {
        const suggestion = autoloop.suggest(nodeOf(req).id)
        return {
          loop_out: suggestion.loopOut.map((s) => ({
            amt: i64(s.amtSat),
            dest: s.dest,
            max_swap_routing_fee: '0',
            max_prepay_routing_fee: '0',
            max_swap_fee: i64(s.maxSwapFeeSat),
            max_prepay_amt: i64(s.maxPrepayAmtSat),
            max_miner_fee: i64(s.maxMinerFeeSat),
            loop_out_channel: '0',
            outgoing_chan_set: s.chanIds,
            sweep_conf_target: s.sweepConfTarget,
            htlc_confirmations: 0,
            swap_publication_deadline: '0',
            label: AUTOLOOP_LABEL,
            initiator: 'autoloop',
            account: '',
            account_addr_type: 'ADDRESS_TYPE_UNKNOWN',
            is_external_addr: s.dest !== '',
            reservation_ids: [],
            payment_timeout: 0,
            asset_info: null,
            asset_rfq_info: null,
          })),
          loop_in: [],
          static_loop_in: [],
          disqualified: suggestion.disqualified.map((d) => ({
            channel_id: d.chanId,
            pubkey: Buffer.from(d.pubkey, 'hex').toString('base64'),
            reason: d.reason,
          })),
        }
      })

      scope.get('/v1/liquidity/params', (req) => section.params[nodeOf(req).id] ?? defaultParams())

      scope.post('/v1/liquidity/params', (req) => {
        const body = bodyOf(req.body)
        const params = normaliseParams(bodyOf(body.parameters))
        const nodeId = nodeOf(req).id
        section.params[nodeId] = params
        world.persistence.save()
        autoloop.paramsChanged(nodeId, params)
        return {}
      })
      done()
    },
    { prefix: `${LOOP_PREFIX}/:nodeId` },
  )
}

/**
 * The operator's and tester's handle on the simulation under `/control` (loopback only): the
 * service listing with credentials, mining, paying and sending from the payer, and channel
 * opening outcomes, forwarding fees. Other services add their own `/control/...` routes beside these.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { World } from '../../world/api'
import { LSP_ID, PAYER_ID } from '../../world/api'
import { ChainError } from '../../world/chain-api'
import { LightningError } from '../../world/lightning-api'
import { lndDaemons } from '../lnd/daemon'
import { serviceDirectory } from './directory'
import { LnurlError, invoiceFromLightningAddress, isLightningAddress } from './lnurl'
import { registerLnurlWithdrawControl } from './lnurl-withdraw'
import { registerMiningControl } from './mining'
import { registerPayerWallet } from './payer-wallet'

export { serviceDirectory } from './directory'
export type { ServiceEntry } from './directory'

export const CONTROL_PREFIX = '/control'

export interface ControlOptions {
  tlsCertPem: string
}

function isLoopback(address: string | undefined): boolean {
  return (
    !!address && (address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1')
  )
}

function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send({ error: message })
}

function positiveInt(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null
}

export async function registerControl(
  app: FastifyInstance,
  world: World,
  opts: ControlOptions,
): Promise<void> {
  const directory = serviceDirectory(world)
  const daemons = lndDaemons(world)
  const https = () => world.baseUrl.replace(/^http:/, 'https:')
  const ws = () => world.baseUrl.replace(/^http/, 'ws')

  directory.describe('lnd', () => {
    const nodes: Record<string, unknown> = {}
    for (const node of world.lightning.nodes()) {
      const daemon = daemons.get(node.id)
      nodes[node.id] = {
        restUrl: `${https()}/lnd/${node.id}`,
        pubkey: node.pubkey,
        alias: node.alias,
        walletState: daemon?.phase ?? 'offline',
        // Node-host nodes: the macaroon belongs to the merchant, who got it from initwallet.
        macaroonHex: daemon && !daemon.isManaged ? daemons.adminMacaroonHex(node.id) : null,
        tlsCertPem: opts.tlsCertPem,
      }
    }
    return { tlsCertPem: opts.tlsCertPem, nodes }
  })
  directory.describe('esplora', () => ({ url: `${world.baseUrl}/esplora` }))
  directory.describe('nostr', () => ({
    relayUrl: `${ws()}/nostr`,
    nwcControlUrl: `${world.baseUrl}/control/nwc/connections`,
  }))
  directory.describe('cashu', () => ({ mintUrl: `${world.baseUrl}/cashu` }))
  directory.describe('kraken', () => ({ apiUrl: `${world.baseUrl}/kraken` }))
  directory.describe('control', () => ({ url: `${world.baseUrl}${CONTROL_PREFIX}` }))

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.startsWith(`${CONTROL_PREFIX}/`) && !isLoopback(req.socket.remoteAddress)) {
      return reply.code(403).send({ error: 'the control API answers local callers only' })
    }
  })

  await app.register(
    (scope, _opts, done) => {
      scope.setErrorHandler((err, _req, reply) => {
        if (
          err instanceof ChainError ||
          err instanceof LightningError ||
          err instanceof LnurlError
        ) {
          return badRequest(reply, err.message)
        }
        const status = (err as { statusCode?: number }).statusCode ?? 500
        return reply.code(status).send({ error: (err as Error).message })
      })

      scope.get('/services', () => ({
        network: 'regtest',
        baseUrl: world.baseUrl,
        ...directory.list(),
      }))

      scope.get('/state', () => ({
        network: 'regtest',
        tipHeight: world.chain.tipHeight(),
        tipHash: world.chain.tipHash(),
        mempoolSize: world.chain.mempool().length,
        nextChannelOpen: world.lightning.nextChannelOpen(),
      }))

      scope.post('/mine', async (req, reply) => {
        const blocks = positiveInt((req.body as { blocks?: unknown } | undefined)?.blocks ?? 1)
        if (!blocks || blocks > 1000) return badRequest(reply, 'blocks must be 1..1000')
        const hashes = world.chain.mine(blocks)
        return { height: world.chain.tipHeight(), hashes }
      })

      scope.post('/pay', async (req, reply) => {
        const body = (req.body ?? {}) as { invoice?: unknown; amountSat?: unknown }
        const target = typeof body.invoice === 'string' ? body.invoice.trim() : ''
        if (!target) return badRequest(reply, 'invoice (BOLT11 or Lightning address) is required')
        const amountSat = body.amountSat === undefined ? null : positiveInt(body.amountSat)
        if (body.amountSat !== undefined && !amountSat)
          return badRequest(reply, 'amountSat must be a positive integer')
        let invoice = target
        if (isLightningAddress(target)) {
          if (!amountSat)
            return badRequest(reply, 'amountSat is required to pay a Lightning address')
          invoice = await invoiceFromLightningAddress(target, amountSat)
          const decoded = world.lightning.decode(invoice)
          if (decoded.valueMsat !== amountSat * 1000) {
            return badRequest(reply, 'the invoice from the Lightning address has the wrong amount')
          }
        }
        const decoded = world.lightning.decode(invoice)
        const payment = await world.payer.pay(
          invoice,
          decoded.valueMsat === 0 && amountSat ? { amountMsat: amountSat * 1000 } : {},
        )
        return { invoice, payment }
      })

      scope.post('/send', async (req, reply) => {
        const body = (req.body ?? {}) as {
          address?: unknown
          amountSat?: unknown
          feeRateSatPerVbyte?: unknown
        }
        const amountSat = positiveInt(body.amountSat)
        if (typeof body.address !== 'string' || !amountSat) {
          return badRequest(reply, 'address and a positive amountSat are required')
        }
        const rate = positiveInt(body.feeRateSatPerVbyte) ?? world.chain.feeEstimates()['6'] ?? 2
        const tx = world.chain.send(PAYER_ID, [{ address: body.address, amountSat }], {
          feeRateSatPerVbyte: rate,
        })
        return { txid: tx.txid, feeSat: tx.feeSat }
      })

      scope.post('/channels/next-open', async (req, reply) => {
        const mode = (req.body as { mode?: unknown } | undefined)?.mode
        if (mode !== 'fail' && mode !== 'manual' && mode !== 'normal') {
          return badRequest(reply, "mode must be 'fail', 'manual' or 'normal'")
        }
        world.lightning.setNextChannelOpen(mode)
        return { nextChannelOpen: mode }
      })

      scope.post('/channels/resolve', async (req, reply) => {
        const body = (req.body ?? {}) as { channelPoint?: unknown; outcome?: unknown }
        if (
          typeof body.channelPoint !== 'string' ||
          (body.outcome !== 'open' && body.outcome !== 'fail')
        ) {
          return badRequest(reply, "channelPoint and outcome ('open' or 'fail') are required")
        }
        world.lightning.resolveChannelOpen(body.channelPoint, body.outcome)
        return {
          channel: world.lightning.allChannels().find((c) => c.channelPoint === body.channelPoint),
        }
      })

      // What a node (the LSP unless named) charges to forward: every route through it costs that.
      scope.post('/channels/forwarding-fee', async (req, reply) => {
        const body = (req.body ?? {}) as { nodeId?: unknown; baseMsat?: unknown; ppm?: unknown }
        const nodeId = body.nodeId ?? LSP_ID
        const isFee = (v: unknown) =>
          typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= 100_000_000
        if (!isFee(body.baseMsat) || !isFee(body.ppm)) {
          return badRequest(reply, 'baseMsat and ppm are required, whole and not negative')
        }
        const id = typeof nodeId === 'string' ? nodeId : null
        if (id === null || !world.lightning.node(id)) return badRequest(reply, 'no such node')
        const fee = { baseMsat: body.baseMsat as number, ppm: body.ppm as number }
        world.lightning.setForwardingFee(id, fee)
        return { nodeId: id, forwardingFee: world.lightning.forwardingFee(id) }
      })

      // A new address of an outside wallet (a merchant's savings, say); its balance is under /balances.
      scope.post('/wallets/:walletId/address', (req) => {
        const walletId = (req.params as { walletId: string }).walletId
        return { address: world.chain.newAddress(walletId) }
      })

      scope.get('/balances/:nodeId', async (req, reply) => {
        const nodeId = (req.params as { nodeId: string }).nodeId
        const node = world.lightning.node(nodeId)
        const onchain = world.chain.balance(nodeId)
        if (
          !node &&
          onchain.confirmedSat + onchain.unconfirmedSat === 0 &&
          world.chain.addressesOf(nodeId).length === 0
        ) {
          return reply.code(404).send({ error: `unknown node or wallet ${nodeId}` })
        }
        const channels = node?.channels() ?? []
        const open = channels.filter((c) => c.state === 'open')
        return {
          nodeId,
          onchain,
          lightning: {
            localSat: open.reduce((s, c) => s + c.localBalanceSat, 0),
            remoteSat: open.reduce((s, c) => s + c.remoteBalanceSat, 0),
            pendingOpenLocalSat: channels
              .filter((c) => c.state === 'pending_open')
              .reduce((s, c) => s + c.localBalanceSat, 0),
          },
          channels,
        }
      })
      done()
    },
    { prefix: CONTROL_PREFIX },
  )
  registerLnurlWithdrawControl(app, world)
  registerMiningControl(app, world)
  registerPayerWallet(app, world)
}

import type { FastifyInstance } from 'fastify'
import { hostedVersion } from '../../nodehost/host'
import type { LndContext } from '../context'
import { GrpcCode, RpcError, unknownError } from '../errors'
import { b64ToHex, bodyOf, hexToB64, i64, readInt, readString } from '../proto'
import { channelJson, pendingOpenJson } from '../wire/channel'
import { INVOICE_FEATURES } from '../wire/invoice'

const LND_VERSION = '0.18.5-beta commit=v0.18.5-beta'
const versionText = (version: string | undefined) =>
  version ? `${version} commit=v${version}` : LND_VERSION
/** lnd's default peer-to-peer port */
const LND_PEER_PORT = 9735

const amount = (sat: number, msat = sat * 1000) => ({ sat: i64(sat), msat: i64(msat) })

/** Node info, balances and channels. */
export function infoRoutes(scope: FastifyInstance, ctx: LndContext): void {
  const { world } = ctx

  scope.get('/v1/getinfo', (req) => {
    const node = req.lndNode
    const channels = node.channels()
    const tip = world.chain.tipHeight()
    return {
      // A hosted node runs the version its host installed.
      version: versionText(hostedVersion(world, node.id)),
      commit_hash: 'simnet',
      identity_pubkey: node.pubkey,
      alias: node.alias,
      color: '#3399ff',
      num_pending_channels: channels.filter((c) => c.state === 'pending_open').length,
      num_active_channels: channels.filter((c) => c.state === 'open').length,
      num_inactive_channels: 0,
      num_peers: new Set(channels.filter((c) => c.state !== 'closed').map((c) => c.remotePubkey))
        .size,
      block_height: tip,
      block_hash: world.chain.tipHash(),
      best_header_timestamp: i64(world.chain.blockTime(tip) ?? 0),
      synced_to_chain: req.lndDaemon.isSynced,
      synced_to_graph: req.lndDaemon.isSynced,
      testnet: false,
      chains: [{ chain: 'bitcoin', network: 'regtest' }],
      // Every simulated node listens for peers on lnd's port of the simulator's host.
      uris: [`${node.pubkey}@${new URL(world.baseUrl).hostname}:${LND_PEER_PORT}`],
      features: {
        ...INVOICE_FEATURES,
        '5': { name: 'data-loss-protect', is_required: false, is_known: true },
      },
      require_htlc_interceptor: false,
      store_final_htlc_resolutions: false,
      wallet_synced: req.lndDaemon.isSynced,
      graph_cache_status: 'GRAPH_CACHE_STATUS_LOADED',
    }
  })

  scope.get('/v1/balance/channels', (req) => {
    let local = 0
    let remote = 0
    let pendingLocal = 0
    let pendingRemote = 0
    for (const c of req.lndNode.channels()) {
      if (c.state === 'open') {
        local += c.localBalanceMsat
        remote += c.remoteBalanceMsat
      } else if (c.state === 'pending_open') {
        pendingLocal += c.localBalanceMsat
        pendingRemote += c.remoteBalanceMsat
      }
    }
    const sat = (msat: number) => Math.floor(msat / 1000)
    return {
      balance: i64(sat(local)),
      pending_open_balance: i64(sat(pendingLocal)),
      local_balance: amount(sat(local), local),
      remote_balance: amount(sat(remote), remote),
      unsettled_local_balance: amount(0),
      unsettled_remote_balance: amount(0),
      pending_open_local_balance: amount(sat(pendingLocal), pendingLocal),
      pending_open_remote_balance: amount(sat(pendingRemote), pendingRemote),
      custom_channel_data: '',
    }
  })

  scope.get('/v1/balance/blockchain', (req) => {
    const b = world.chain.balance(req.lndNode.id)
    const total = b.confirmedSat + b.unconfirmedSat
    return {
      total_balance: i64(total),
      confirmed_balance: i64(b.confirmedSat),
      unconfirmed_balance: i64(b.unconfirmedSat),
      locked_balance: '0',
      reserved_balance_anchor_chan: i64(
        req.lndNode.channels().some((c) => c.state !== 'closed') ? 10_000 : 0,
      ),
      account_balance: {
        default: {
          confirmed_balance: i64(b.confirmedSat),
          unconfirmed_balance: i64(b.unconfirmedSat),
        },
      },
    }
  })

  scope.get('/v1/channels', (req) => {
    const q = req.query as Record<string, string | undefined>
    let channels = req.lndNode.channels().filter((c) => c.state === 'open')
    if (q.active_only === 'true') channels = channels.filter((c) => c.state === 'open')
    if (q.peer) {
      const peer = b64ToHex(q.peer, 'peer')
      channels = channels.filter((c) => c.remotePubkey === peer)
    }
    return { channels: channels.map(channelJson) }
  })

  scope.get('/v1/channels/pending', (req) => ({
    total_limbo_balance: '0',
    pending_open_channels: req.lndNode
      .channels()
      .filter((c) => c.state === 'pending_open')
      .map(pendingOpenJson),
    pending_closing_channels: [],
    pending_force_closing_channels: [],
    waiting_close_channels: [],
  }))

  scope.post('/v1/channels', (req) => {
    const body = bodyOf(req.body)
    const pubkey =
      readString(body.node_pubkey_string, 'node_pubkey_string') ||
      b64ToHex(body.node_pubkey, 'node_pubkey')
    if (!/^[0-9a-f]{66}$/.test(pubkey)) throw unknownError('invalid node pubkey')
    if (!world.lightning.nodeByPubkey(pubkey)) {
      throw new RpcError(GrpcCode.Unknown, `peer ${pubkey} is not online`)
    }
    const channel = req.lndNode.openChannel(pubkey, {
      localFundingSat: readInt(body.local_funding_amount, 'local_funding_amount'),
      pushSat: readInt(body.push_sat, 'push_sat'),
    })
    const [txid, vout] = channel.channelPoint.split(':') as [string, string]
    return {
      funding_txid_bytes: hexToB64(Buffer.from(txid, 'hex').reverse().toString('hex')),
      output_index: Number(vout),
    }
  })
}

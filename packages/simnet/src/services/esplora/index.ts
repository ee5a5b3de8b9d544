/**
 * Esplora's REST API (Blockstream electrs) over the world's chain, under `/esplora`:
 * addresses, transactions, blocks, fee estimates and broadcasting. Errors are plain text.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { World } from '../../world/api'
import { ChainError } from '../../world/chain-api'
import { addressScript } from '../../world/chain/network'
import { addressStats, statusJson, txJson } from './wire'

const ESPLORA_PREFIX = '/esplora'
const CONFIRMED_PAGE = 25
const MEMPOOL_PAGE = 50

const isTxid = (text: string) => /^[0-9a-f]{64}$/.test(text)

export async function registerEsplora(app: FastifyInstance, world: World): Promise<void> {
  const { chain } = world

  const text = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/plain').send(body)

  const validAddress = (address: string): boolean => {
    try {
      addressScript(address)
      return true
    } catch {
      return false
    }
  }

  await app.register(
    (scope, _opts, done) => {
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))

      scope.get('/address/:address', async (req, reply) => {
        const { address } = req.params as { address: string }
        if (!validAddress(address)) return text(reply, 400, 'Invalid Bitcoin address')
        return addressStats(address, chain.addressTxs(address))
      })

      const addressTxs = (address: string) => chain.addressTxs(address)
      scope.get('/address/:address/txs', async (req, reply) => {
        const { address } = req.params as { address: string }
        if (!validAddress(address)) return text(reply, 400, 'Invalid Bitcoin address')
        const txs = addressTxs(address)
        const mempool = txs.filter((t) => t.blockHeight === null).slice(0, MEMPOOL_PAGE)
        const confirmed = txs.filter((t) => t.blockHeight !== null).slice(0, CONFIRMED_PAGE)
        return [...mempool, ...confirmed].map((t) => txJson(chain, t))
      })

      const chainPage = async (
        address: string,
        lastSeen: string | undefined,
        reply: FastifyReply,
      ) => {
        if (!validAddress(address)) return text(reply, 400, 'Invalid Bitcoin address')
        const confirmed = addressTxs(address).filter((t) => t.blockHeight !== null)
        let start = 0
        if (lastSeen) {
          if (!isTxid(lastSeen)) return text(reply, 400, 'Invalid hex string')
          const at = confirmed.findIndex((t) => t.txid === lastSeen)
          start = at === -1 ? confirmed.length : at + 1
        }
        return confirmed.slice(start, start + CONFIRMED_PAGE).map((t) => txJson(chain, t))
      }
      scope.get('/address/:address/txs/chain', async (req, reply) =>
        chainPage((req.params as { address: string }).address, undefined, reply),
      )
      scope.get('/address/:address/txs/chain/:lastSeen', async (req, reply) => {
        const { address, lastSeen } = req.params as { address: string; lastSeen: string }
        return chainPage(address, lastSeen, reply)
      })

      scope.get('/address/:address/txs/mempool', async (req, reply) => {
        const { address } = req.params as { address: string }
        if (!validAddress(address)) return text(reply, 400, 'Invalid Bitcoin address')
        return addressTxs(address)
          .filter((t) => t.blockHeight === null)
          .slice(0, MEMPOOL_PAGE)
          .map((t) => txJson(chain, t))
      })

      scope.get('/address/:address/utxo', async (req, reply) => {
        const { address } = req.params as { address: string }
        if (!validAddress(address)) return text(reply, 400, 'Invalid Bitcoin address')
        return chain.addressUtxos(address).map((u) => ({
          txid: u.txid,
          vout: u.vout,
          status: statusJson(chain.getTx(u.txid)!),
          value: u.valueSat,
        }))
      })

      const withTx = (suffix: string, fn: (txid: string, reply: FastifyReply) => unknown) =>
        scope.get(`/tx/:txid${suffix}`, async (req, reply) => {
          const { txid } = req.params as { txid: string }
          if (!isTxid(txid)) return text(reply, 400, 'Invalid hex string')
          if (!chain.getTx(txid)) return text(reply, 404, 'Transaction not found')
          return fn(txid, reply)
        })
      withTx('', (txid) => txJson(chain, chain.getTx(txid)!))
      withTx('/status', (txid) => statusJson(chain.getTx(txid)!))
      withTx('/hex', (txid, reply) => text(reply, 200, chain.rawTx(txid) ?? ''))
      withTx('/raw', (txid, reply) =>
        reply.type('application/octet-stream').send(Buffer.from(chain.rawTx(txid) ?? '', 'hex')),
      )
      withTx('/outspends', (txid) =>
        chain.getTx(txid)!.vout.map((_o, vout) => {
          const spender = chain.spenderOf(txid, vout)
          if (!spender) return { spent: false }
          const tx = chain.getTx(spender)!
          return {
            spent: true,
            txid: spender,
            vin: tx.vin.findIndex((i) => i.txid === txid && i.vout === vout),
            status: statusJson(tx),
          }
        }),
      )

      scope.get('/blocks/tip/height', async (_req, reply) =>
        text(reply, 200, String(chain.tipHeight())),
      )
      scope.get('/blocks/tip/hash', async (_req, reply) => text(reply, 200, chain.tipHash()))
      scope.get('/block-height/:height', async (req, reply) => {
        const height = Number((req.params as { height: string }).height)
        const hash = Number.isInteger(height) ? chain.blockHash(height) : undefined
        return hash ? text(reply, 200, hash) : text(reply, 404, 'Block not found')
      })
      scope.get('/block/:hash', async (req, reply) => {
        const { hash } = req.params as { hash: string }
        const height = chain.blockHeight(hash)
        if (height === undefined) return text(reply, 404, 'Block not found')
        const txids = chain.blockTxids(height) ?? []
        return {
          id: hash,
          height,
          version: 0x20000000,
          timestamp: chain.blockTime(height),
          tx_count: txids.length,
          previousblockhash: height > 0 ? chain.blockHash(height - 1) : null,
        }
      })
      scope.get('/block/:hash/txids', async (req, reply) => {
        const height = chain.blockHeight((req.params as { hash: string }).hash)
        return height === undefined ? text(reply, 404, 'Block not found') : chain.blockTxids(height)
      })
      scope.get('/fee-estimates', () => chain.feeEstimates())

      scope.post('/tx', async (req, reply) => {
        const raw = typeof req.body === 'string' ? req.body.trim() : ''
        if (!raw) return text(reply, 400, 'Empty transaction')
        try {
          return text(reply, 200, chain.broadcastRaw(raw))
        } catch (err) {
          if (!(err instanceof ChainError)) throw err
          const code = err.message === 'TX decode failed' ? -22 : -26
          return text(
            reply,
            400,
            `sendrawtransaction RPC error: ${JSON.stringify({ code, message: err.message })}`,
          )
        }
      })
      done()
    },
    { prefix: ESPLORA_PREFIX },
  )
}

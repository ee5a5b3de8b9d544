/**
 * Static channel backups (Lightning service): the backup of every channel, its verification,
 * and a stream of new backups whenever the set of channels changes. As lnd's, a backup is
 * encrypted with a key of the node's own (lnd derives it from the seed): only this node can
 * read it, and verifying it means decrypting it.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { World } from '../../../world/api'
import type { LnNode } from '../../../world/lightning-api'
import type { LndContext } from '../context'
import { unknownError } from '../errors'
import { bodyOf, hexToB64 } from '../proto'
import { RpcStream } from '../stream'

const MAGIC = Buffer.from('simnet-scb-v1')

function chanPointJson(channelPoint: string) {
  const [txid, vout] = channelPoint.split(':') as [string, string]
  return {
    funding_txid_bytes: hexToB64(Buffer.from(txid, 'hex').reverse().toString('hex')),
    output_index: Number(vout),
  }
}

const backupKey = (world: World, node: LnNode) => world.keys.bytes(`lnd:scb-key:${node.id}`, 32)

/** AES-256-GCM over the channel points: nonce (12) | tag (16) | ciphertext. */
function seal(world: World, node: LnNode, channelPoints: string[]): string {
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', backupKey(world, node), nonce)
  const body = Buffer.concat([MAGIC, Buffer.from(JSON.stringify(channelPoints))])
  const sealed = Buffer.concat([cipher.update(body), cipher.final()])
  return Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64')
}

function open(world: World, node: LnNode, packed: string): string[] {
  const raw = Buffer.from(packed, 'base64')
  try {
    const decipher = createDecipheriv('aes-256-gcm', backupKey(world, node), raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    const body = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()])
    if (!body.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a backup')
    return JSON.parse(body.subarray(MAGIC.length).toString()) as string[]
  } catch {
    throw unknownError(
      'unable to unpack multi backup: chacha20poly1305: message authentication failed',
    )
  }
}

/** The channels a backup covers: every one not closed yet. */
const backedUp = (node: LnNode) =>
  node
    .channels()
    .filter((c) => c.state !== 'closed')
    .map((c) => c.channelPoint)

function snapshot(world: World, node: LnNode) {
  const points = backedUp(node)
  return {
    single_chan_backups: {
      chan_backups: points.map((p) => ({
        chan_point: chanPointJson(p),
        chan_backup: seal(world, node, [p]),
      })),
    },
    multi_chan_backup: {
      chan_points: points.map(chanPointJson),
      multi_chan_backup: seal(world, node, points),
    },
  }
}

export function backupRoutes(scope: FastifyInstance, ctx: LndContext): void {
  const { world } = ctx

  scope.get('/v1/channels/backup', (req) => snapshot(world, req.lndNode))

  scope.post('/v1/channels/backup/verify', (req) => {
    const body = bodyOf(req.body)
    const single = body.single_chan_backups as { chan_backups?: unknown } | undefined
    const multi = body.multi_chan_backup as { multi_chan_backup?: unknown } | undefined
    const hasSingle = Array.isArray(single?.chan_backups) && single.chan_backups.length > 0
    const hasMulti = typeof multi?.multi_chan_backup === 'string' && multi.multi_chan_backup !== ''
    if (hasSingle && hasMulti)
      throw unknownError('either a Single or Multi must be specified, but not both')
    if (!hasSingle && !hasMulti) throw unknownError('must specify either a Single or Multi backup')
    const points = hasMulti
      ? open(world, req.lndNode, multi.multi_chan_backup as string)
      : (single!.chan_backups as { chan_backup?: unknown }[]).flatMap((b) =>
          open(world, req.lndNode, typeof b.chan_backup === 'string' ? b.chan_backup : ''),
        )
    return { chan_points: points }
  })

  scope.get('/v1/channels/backup/subscribe', (req, reply) => {
    const node = req.lndNode
    const stream = new RpcStream(reply, ctx.streams)
    stream.open()
    // lnd sends a snapshot whenever a channel is opened or closed, not on balance changes.
    let last = backedUp(node).join(',')
    const off = node.on('channel', () => {
      const now = backedUp(node).join(',')
      if (now === last) return
      last = now
      stream.send(snapshot(world, node))
    })
    stream.onClose(off)
  })
}

/**
 * Control API for NWC connections: issue a connection URI, list the ones issued, and switch how
 * a connection's wallet behaves (`POST …/:walletPubkey/behaviour`, see behaviour.ts).
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { World } from '../../../world/api'
import { LightningError } from '../../../world/lightning-api'
import { RELAY_PATH } from '../relay/ws'
import type { NwcConnectionRecord } from './connections'
import { ZWalletBehaviour } from './behaviour'
import { relayUrlFor } from './connections'
import { balanceMsat } from './methods'
import type { NwcWalletService } from './service'

export const NWC_CONTROL_PATH = '/control/nwc/connections'

/** The JSON the control API shows for one connection. */
export interface NwcConnectionView {
  name: string
  uri: string
  relayUrl: string
  walletPubkey: string
  clientPubkey: string
  nodeId: string
  nodePubkey: string | null
  budgetSat: number
  balanceSat: number
  createdAt: number
}

const ZCreateConnection = z
  .object({
    name: z.string().trim().min(1).max(64).optional(),
    budgetSat: z.number().int().nonnegative().max(100_000_000).optional(),
  })
  .strict()

export function connectionView(
  service: NwcWalletService,
  world: World,
  record: NwcConnectionRecord,
): NwcConnectionView {
  const relayUrl = relayUrlFor(world.baseUrl, RELAY_PATH)
  const node = service.node(record)
  return {
    name: record.name,
    uri: service.book.uri(record, relayUrl),
    relayUrl,
    walletPubkey: record.walletPubkey,
    clientPubkey: record.clientPubkey,
    nodeId: record.nodeId,
    nodePubkey: node?.pubkey ?? null,
    budgetSat: record.budgetSat,
    balanceSat: node ? Math.floor(balanceMsat(node) / 1000) : 0,
    createdAt: record.createdAt,
  }
}

export function registerNwcControlRoutes(
  app: FastifyInstance,
  world: World,
  service: NwcWalletService,
): void {
  app.post(NWC_CONTROL_PATH, async (request, reply) => {
    const parsed = ZCreateConnection.safeParse(request.body ?? {})
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
      return reply.code(400).send({ error: `${where}${issue?.message ?? 'invalid body'}` })
    }
    try {
      const record = service.create(parsed.data)
      return reply.code(201).send(connectionView(service, world, record))
    } catch (err) {
      if (err instanceof LightningError) return reply.code(409).send({ error: err.message })
      throw err
    }
  })

  app.post<{ Params: { walletPubkey: string } }>(
    `${NWC_CONTROL_PATH}/:walletPubkey/behaviour`,
    async (request, reply) => {
      const parsed = ZWalletBehaviour.safeParse(request.body ?? {})
      if (!parsed.success) {
        return reply.code(400).send({ error: parsed.error.issues[0]?.message ?? 'invalid body' })
      }
      const behaviour = service.setBehaviour(request.params.walletPubkey, parsed.data)
      if (!behaviour) return reply.code(404).send({ error: 'no such wallet connection' })
      return reply.send(behaviour)
    },
  )

  app.get(NWC_CONTROL_PATH, (_request, reply) =>
    reply.send({ connections: service.book.all().map((r) => connectionView(service, world, r)) }),
  )
}

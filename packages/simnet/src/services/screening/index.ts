/**
 * A sanctions screening API answering as Chainalysis' free Sanctions API does, under
 * `/screening`: `GET /api/v1/address/{address}` with an `X-API-Key` header returns
 * `{"identifications": [...]}` (empty when the address is not listed). Addresses are put on its
 * list, and the service taken down, through `/control/screening/...`.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { PAYER_ID, type World } from '../../world/api'
import { serviceDirectory } from '../control/directory'

const SCREENING_PREFIX = '/screening'

export interface Identification {
  category: string
  name: string
  description: string
  url: string | null
}

export async function registerScreening(app: FastifyInstance, world: World): Promise<void> {
  const apiKey = randomBytes(16).toString('hex')
  const listed = new Map<string, Identification>()
  const state = { down: false }
  const key = (address: string) => address.trim().toLowerCase()

  serviceDirectory(world).describe('screening', () => ({
    apiUrl: `${world.baseUrl}${SCREENING_PREFIX}`,
    apiKey,
  }))

  await app.register(
    (scope, _opts, done) => {
      scope.get('/api/v1/address/:address', async (req, reply) => {
        if (state.down) return reply.code(503).send({ message: 'Service Unavailable' })
        if (req.headers['x-api-key'] !== apiKey) {
          return reply.code(403).send({ message: 'Forbidden' })
        }
        const { address } = req.params as { address: string }
        const found = listed.get(key(address))
        return { identifications: found ? [found] : [] }
      })
      done()
    },
    { prefix: SCREENING_PREFIX },
  )

  await app.register(
    (scope, _opts, done) => {
      scope.post('/flag', async (req, reply) => {
        const body = (req.body ?? {}) as { address?: unknown; name?: unknown }
        if (typeof body.address !== 'string' || body.address.trim() === '') {
          return reply.code(400).send({ error: 'address is required' })
        }
        const name = typeof body.name === 'string' ? body.name : 'SANCTIONS: OFAC SDN simnet entry'
        listed.set(key(body.address), {
          category: 'sanctions',
          name,
          description: `${name}: listed on the simulated network`,
          url: null,
        })
        return { flagged: listed.size }
      })
      scope.post('/unflag', (req) => {
        const body = (req.body ?? {}) as { address?: unknown }
        if (typeof body.address === 'string') listed.delete(key(body.address))
        return { flagged: listed.size }
      })
      /** Destinations to withdraw to: an invoice and an address of the simulated payer. */
      scope.post('/targets/invoice', (req) => {
        const body = (req.body ?? {}) as { amountSat?: unknown; memo?: unknown }
        const sat = typeof body.amountSat === 'number' ? body.amountSat : 0
        const inv = world.payer.addInvoice({
          valueMsat: Math.max(0, Math.floor(sat)) * 1000,
          memo: typeof body.memo === 'string' ? body.memo : 'withdrawal',
        })
        return { paymentRequest: inv.paymentRequest, paymentHash: inv.paymentHash }
      })
      scope.post('/targets/address', () => ({ address: world.chain.newAddress(PAYER_ID) }))
      /** `{"down": true}` makes the API answer 503 until set back */
      scope.post('/outage', (req) => {
        state.down = (req.body as { down?: unknown } | undefined)?.down === true
        return { down: state.down }
      })
      done()
    },
    { prefix: '/control/screening' },
  )
}

/**
 * Automatic mining under the tester's control: `POST /control/mining {intervalMs}` mines a block
 * every `intervalMs` of real time from now on; 0 stops it, and blocks then come only from
 * `POST /control/mine`, so a page's in-between states (a payment seen but unconfirmed, a channel
 * opening) last until the tester mines.
 */
import type { FastifyInstance } from 'fastify'
import type { World } from '../../world/api'

export function registerMiningControl(app: FastifyInstance, world: World): void {
  app.post('/control/mining', async (req, reply) => {
    const intervalMs = (req.body as { intervalMs?: unknown } | undefined)?.intervalMs
    if (typeof intervalMs !== 'number' || !Number.isSafeInteger(intervalMs) || intervalMs < 0) {
      return reply.code(400).send({ error: 'intervalMs must be a whole number of ms, 0 to stop' })
    }
    world.setMiningInterval(intervalMs)
    return { intervalMs }
  })
}

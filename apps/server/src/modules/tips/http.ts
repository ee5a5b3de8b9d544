/**
 * LNURL-pay over plain HTTP for tip pages: `GET /.well-known/lnurlp/:name` (LUD-06, LUD-16)
 * and its callback. No sign-in; any site may call them (wallets run in browsers too). Refusals
 * are answered 200 with `{ status: 'ERROR', reason }`, as LNURL clients read the body (a spent
 * rate limit also says when to try again, in `Retry-After`).
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Services } from '../../services'
import { LnurlRefusal } from './service'

/** A payer's wallet waits for the invoice; ours must answer well before it gives up. */
const WALLET_TIMEOUT_MS = 20_000

async function answer(reply: FastifyReply, produce: () => Promise<unknown>) {
  void reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store')
  try {
    return await produce()
  } catch (err) {
    if (err instanceof LnurlRefusal) {
      if (err.retryAfterSeconds !== undefined) {
        void reply.header('retry-after', String(err.retryAfterSeconds))
      }
      return { status: 'ERROR', reason: err.reason }
    }
    reply.log.error(err)
    return { status: 'ERROR', reason: 'Something went wrong. Try again later.' }
  }
}

export function registerTipRoutes(app: FastifyInstance, services: Pick<Services, 'tips'>) {
  app.get<{ Params: { name: string } }>('/.well-known/lnurlp/:name', (req, reply) =>
    answer(reply, () => services.tips.payRequest(req.params.name)),
  )
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>(
    '/lnurlp/:name/callback',
    (req, reply) =>
      answer(reply, () =>
        services.tips.invoice(
          req.params.name,
          req.query,
          AbortSignal.timeout(WALLET_TIMEOUT_MS),
          req.ip,
        ),
      ),
  )
}

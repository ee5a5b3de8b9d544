/**
 * LNURL-withdraw over plain HTTP for refunds (LUD-03): `GET /lnurlw/:k1` (the withdraw request)
 * and `GET /lnurlw/callback?k1=…&pr=…`. No sign-in; any site may call them (wallets run in
 * browsers too). Refusals are answered 200 with `{ status: 'ERROR', reason }`, as LNURL clients
 * read the body; a spent rate limit also says when to try again, in `Retry-After`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { LnurlRefusal } from '../tips/service'
import type { LnurlWithdraw } from './withdraw-request'

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

export function registerRefundRoutes(
  app: FastifyInstance,
  services: { lnurlWithdraw: LnurlWithdraw },
) {
  app.get<{ Querystring: Record<string, unknown> }>('/lnurlw/callback', (req, reply) =>
    answer(reply, () => services.lnurlWithdraw.callback(req.query, req.ip)),
  )
  app.get<{ Params: { k1: string } }>('/lnurlw/:k1', (req, reply) =>
    answer(reply, () => services.lnurlWithdraw.withdrawRequest(req.params.k1, req.ip)),
  )
}

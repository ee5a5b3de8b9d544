/**
 * LNURL-withdraw over plain HTTP for refunds (LUD-03; `lib/lnurl.ts` says how LNURL routes
 * answer): `GET /lnurlw/:k1` (the withdraw request) and `GET /lnurlw/callback?k1=…&pr=…`.
 */
import type { FastifyInstance } from 'fastify'
import { answerLnurl } from '../../lib/lnurl'
import type { LnurlWithdraw } from './withdraw-request'

export function registerRefundRoutes(
  app: FastifyInstance,
  services: { lnurlWithdraw: LnurlWithdraw },
) {
  app.get<{ Querystring: Record<string, unknown> }>('/lnurlw/callback', (req, reply) =>
    answerLnurl(reply, () => services.lnurlWithdraw.callback(req.query, req.ip)),
  )
  app.get<{ Params: { k1: string } }>('/lnurlw/:k1', (req, reply) =>
    answerLnurl(reply, () => services.lnurlWithdraw.withdrawRequest(req.params.k1, req.ip)),
  )
}

/**
 * LNURL-pay over plain HTTP for tip pages (`lib/lnurl.ts` says how LNURL routes answer):
 * `GET /.well-known/lnurlp/:name` (LUD-06, LUD-16) and its callback.
 */
import type { FastifyInstance } from 'fastify'
import { answerLnurl } from '../../lib/lnurl'
import type { Services } from '../../services'

/** A payer's wallet waits for the invoice; ours must answer well before it gives up. */
const WALLET_TIMEOUT_MS = 20_000

export function registerTipRoutes(app: FastifyInstance, services: Pick<Services, 'tips'>) {
  app.get<{ Params: { name: string } }>('/.well-known/lnurlp/:name', (req, reply) =>
    answerLnurl(reply, () => services.tips.payRequest(req.params.name)),
  )
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>(
    '/lnurlp/:name/callback',
    (req, reply) =>
      answerLnurl(reply, () =>
        services.tips.invoice(
          req.params.name,
          req.query,
          AbortSignal.timeout(WALLET_TIMEOUT_MS),
          req.ip,
        ),
      ),
  )
}

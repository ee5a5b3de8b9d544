/**
 * The exchange's HTTP surface, mounted under a prefix: `GET|POST /0/public/<Name>` and signed
 * `POST /0/private/<Name>`. Replies are always HTTP 200 `{ error: [...], result }`, like Kraken.
 * Private bodies are kept as the raw text the client signed (form or JSON).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { PrivateHandler } from './account'
import {
  extractNonce,
  isNonceFresh,
  isSignatureShaped,
  isSignatureValid,
  parseParams,
} from './auth'
import { KrakenError, KrakenErrors } from './errors'
import type { PublicHandler } from './public'
import type { KrakenStore } from './store'

export interface ExchangeApi {
  publicHandlers: Record<string, PublicHandler>
  privateHandlers: Record<string, PrivateHandler>
  store: KrakenStore
}

type MethodRequest = FastifyRequest<{ Params: { method: string } }>

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function flatQuery(query: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (typeof query !== 'object' || query === null) return out
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    const first: unknown = Array.isArray(v) ? v[0] : v
    if (typeof first === 'string') out[k] = first
  }
  return out
}

async function answer(req: FastifyRequest, reply: FastifyReply, run: () => unknown): Promise<void> {
  try {
    const result = await run()
    await reply.send({ error: [], result })
  } catch (err) {
    if (err instanceof KrakenError) {
      await reply.send({ error: [err.text] })
      return
    }
    req.log.error({ err }, 'kraken call failed')
    await reply.send({ error: [KrakenErrors.internalError] })
  }
}

export function exchangeRoutes(scope: FastifyInstance, api: ExchangeApi): void {
  // Signatures cover the exact bytes sent, so every body stays a string here.
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))

  scope.route({
    method: ['GET', 'POST'],
    url: '/0/public/:method',
    handler: async (req: MethodRequest, reply) => {
      await answer(req, reply, () => {
        const handler = api.publicHandlers[req.params.method]
        if (!handler) throw new KrakenError(KrakenErrors.unknownMethod)
        const body =
          typeof req.body === 'string' ? Object.fromEntries(new URLSearchParams(req.body)) : {}
        return handler({ ...body, ...flatQuery(req.query) })
      })
    },
  })

  scope.post('/0/private/:method', async (req: MethodRequest, reply) => {
    await answer(req, reply, () => {
      const name = req.params.method
      const handler = api.privateHandlers[name]
      if (!handler) throw new KrakenError(KrakenErrors.unknownMethod)
      const raw = typeof req.body === 'string' ? req.body : ''
      const isJson = (header(req, 'content-type') ?? '').includes('json')

      const account = api.store.byKey(header(req, 'api-key') ?? '')
      if (!account) throw new KrakenError(KrakenErrors.invalidKey)
      const apiSign = header(req, 'api-sign')
      if (!isSignatureShaped(apiSign)) throw new KrakenError(KrakenErrors.invalidSignature)
      const nonce = extractNonce(raw, isJson)
      if (nonce === undefined) throw new KrakenError(KrakenErrors.invalidNonce)
      // Clients sign the path below the API root; accept the full request path as well.
      const paths = [`/0/private/${name}`, req.url.split('?')[0] ?? '']
      // A signature made with another secret reads to Kraken as a key it does not know.
      if (!isSignatureValid(apiSign, paths, nonce, raw, account.secret)) {
        throw new KrakenError(KrakenErrors.invalidKey)
      }
      if (!isNonceFresh(nonce, account.lastNonce)) throw new KrakenError(KrakenErrors.invalidNonce)
      account.lastNonce = nonce
      api.store.save()

      const params = parseParams(raw, isJson)
      if (!params) throw new KrakenError(KrakenErrors.invalidArguments)
      return handler(account, params)
    })
  })
}

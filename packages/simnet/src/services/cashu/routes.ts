/**
 * The mint's HTTP API (NUT-01..09, 12), mounted under a prefix. Errors leave as HTTP 400
 * `{"detail", "code"}` like a real mint's.
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import { CashuCode, CashuError } from './errors'
import type { MintFaults } from './faults'
import type { CashuLedger } from './ledger'
import type { MeltQuotes } from './melt-quotes'
import type { MintQuotes } from './mint-quotes'
import { MAX_AMOUNT_SAT, MIN_AMOUNT_SAT } from './quotes'
import {
  ZCheckStateRequest,
  ZMeltQuoteRequest,
  ZMeltRequest,
  ZMintQuoteRequest,
  ZMintRequest,
  ZRestoreRequest,
  ZSwapRequest,
  parseBody,
} from './wire'

export interface MintIdentity {
  name: string
  pubkey: string
  version: string
  description: string
}

function mintInfo(identity: MintIdentity): Record<string, unknown> {
  const method = { method: 'bolt11', unit: 'sat', min_amount: MIN_AMOUNT_SAT }
  return {
    ...identity,
    contact: [],
    time: Math.floor(Date.now() / 1000),
    nuts: {
      '4': {
        methods: [{ ...method, max_amount: MAX_AMOUNT_SAT, options: { description: true } }],
        disabled: false,
      },
      '5': {
        methods: [{ ...method, max_amount: MAX_AMOUNT_SAT, options: { amountless: true } }],
        disabled: false,
      },
      '7': { supported: true },
      '8': { supported: true },
      '9': { supported: true },
      '12': { supported: true },
    },
  }
}

export function mintRoutes(
  ledger: CashuLedger,
  mintQuotes: MintQuotes,
  meltQuotes: MeltQuotes,
  identity: MintIdentity,
  faults: MintFaults,
): (app: FastifyInstance) => Promise<void> {
  // eslint-disable-next-line @typescript-eslint/require-await -- fastify plugins are async
  return async (app) => {
    app.setErrorHandler((err: FastifyError | CashuError, _req, reply) => {
      if (err instanceof CashuError) return reply.code(400).send(err.toJSON())
      const status = err.statusCode ?? 500
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ detail: err.message, code: CashuCode.BAD_REQUEST })
      }
      app.log.error(err)
      return reply.code(500).send({ detail: 'internal mint error', code: 0 })
    })

    app.get('/v1/info', () => mintInfo(identity))

    app.get('/v1/keys', () => ({ keysets: [ledger.keysets.active.keysJson()] }))

    app.get<{ Params: { id: string } }>('/v1/keys/:id', (req) => {
      const keyset = ledger.keysets.get(req.params.id)
      if (!keyset) throw new CashuError(CashuCode.UNKNOWN_KEYSET, 'keyset not found')
      return { keysets: [keyset.keysJson()] }
    })

    app.get('/v1/keysets', () => ({
      keysets: ledger.keysets.all().map((k) => k.keysetJson()),
    }))

    app.post('/v1/swap', (req, reply) => {
      const body = parseBody(ZSwapRequest, req.body)
      return faults.answer('swap', reply, { signatures: ledger.swap(body.inputs, body.outputs) })
    })

    app.post('/v1/restore', (req, reply) => {
      const body = parseBody(ZRestoreRequest, req.body)
      return faults.answer('restore', reply, ledger.restore(body.outputs))
    })

    app.post('/v1/checkstate', (req) => {
      const body = parseBody(ZCheckStateRequest, req.body)
      return { states: ledger.checkState(body.Ys) }
    })

    app.post('/v1/mint/quote/bolt11', (req) =>
      mintQuotes.createMintQuote(parseBody(ZMintQuoteRequest, req.body)),
    )

    app.get<{ Params: { quote: string } }>('/v1/mint/quote/bolt11/:quote', (req) =>
      mintQuotes.getMintQuote(req.params.quote),
    )

    app.post('/v1/mint/bolt11', (req) => {
      const body = parseBody(ZMintRequest, req.body)
      return { signatures: mintQuotes.mint(body) }
    })

    app.post('/v1/melt/quote/bolt11', (req) => {
      const body = parseBody(ZMeltQuoteRequest, req.body)
      return meltQuotes.createMeltQuote({
        request: body.request,
        unit: body.unit,
        amountlessMsat: body.options?.amountless?.amount_msat ?? null,
      })
    })

    app.get<{ Params: { quote: string } }>('/v1/melt/quote/bolt11/:quote', (req, reply) =>
      faults.answer('melt-quote', reply, meltQuotes.getMeltQuote(req.params.quote)),
    )

    app.post('/v1/melt/bolt11', async (req, reply) =>
      faults.answer('melt', reply, await meltQuotes.melt(parseBody(ZMeltRequest, req.body))),
    )
  }
}

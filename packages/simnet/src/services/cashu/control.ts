/**
 * Control routes for demos and tests: mint a token from the payer's funds, read the mint's
 * address and keysets, change the input fee (which rotates the keyset, as a real mint does),
 * delay or drop the mint's answers and slow its Lightning payments (faults.ts).
 */
import { Wallet, getEncodedToken, type Proof } from '@cashu/cashu-ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { World } from '../../world/api'
import { FAULT_ROUTES, type MintFaults } from './faults'
import type { CashuLedger } from './ledger'

const ZTokenRequest = z.object({
  amountSat: z.number().int().positive().max(10_000_000),
  format: z.enum(['A', 'B']).optional(),
})

const ZReplyFaultRequest = z.object({
  route: z.enum(FAULT_ROUTES),
  /** `none` clears the route's fault */
  mode: z.enum(['drop', 'delay', 'none']),
  delayMs: z.number().int().min(0).max(600_000).optional(),
  times: z.number().int().min(1).max(1_000).optional(),
})

const ZPaymentFaultRequest = z.object({
  delayMs: z.number().int().min(0).max(600_000),
})

const ZKeysetRequest = z.object({
  inputFeePpk: z.number().int().min(0).max(100_000),
})

/** A V3 `cashuA` token: base64url of the JSON {token: [{mint, proofs}], unit}. */
function encodeTokenV3(mint: string, proofs: Proof[], unit = 'sat'): string {
  const token = {
    token: [
      {
        mint,
        proofs: proofs.map((p) => ({
          id: p.id,
          amount: p.amount.toNumber(),
          secret: p.secret,
          C: p.C,
          ...(p.dleq ? { dleq: p.dleq } : {}),
        })),
      },
    ],
    unit,
  }
  return 'cashuA' + Buffer.from(JSON.stringify(token)).toString('base64url')
}

export function cashuInfo(
  mintUrl: string,
  ledger: CashuLedger,
): { mintUrl: string; keysetIds: string[]; feePpk: number } {
  const active = ledger.keysets.active
  const others = ledger.keysets.all().filter((k) => k.id !== active.id)
  return {
    mintUrl,
    keysetIds: [active.id, ...others.map((k) => k.id)],
    feePpk: active.inputFeePpk,
  }
}

/** Mints `amountSat` of ecash paid by the payer over Lightning, like a user's wallet would. */
async function mintTokenFromPayer(
  world: World,
  mintUrl: string,
  amountSat: number,
  format: 'A' | 'B',
): Promise<string> {
  const wallet = new Wallet(mintUrl, { unit: 'sat' })
  await wallet.loadMint()
  const quote = await wallet.createMintQuoteBolt11(amountSat)
  const payment = await world.payer.pay(quote.request)
  if (payment.status !== 'SUCCEEDED') {
    throw new Error(`payer could not pay the mint invoice: ${payment.failureReason}`)
  }
  const proofs = await wallet.mintProofsBolt11(amountSat, quote.quote)
  return format === 'A'
    ? encodeTokenV3(mintUrl, proofs)
    : getEncodedToken({ mint: mintUrl, proofs, unit: 'sat' })
}

export function registerCashuControl(
  app: FastifyInstance,
  world: World,
  ledger: CashuLedger,
  mintUrl: () => string,
  faults: MintFaults,
): void {
  app.get('/control/cashu/info', () => cashuInfo(mintUrl(), ledger))

  app.post('/control/cashu/token', async (req, reply) => {
    const body = ZTokenRequest.safeParse(req.body)
    if (!body.success) return reply.code(400).send({ error: body.error.issues[0]?.message })
    try {
      const token = await mintTokenFromPayer(
        world,
        mintUrl(),
        body.data.amountSat,
        body.data.format ?? 'B',
      )
      return { token }
    } catch (err) {
      return reply.code(409).send({ error: (err as Error).message })
    }
  })

  app.get('/control/cashu/faults', () => faults.snapshot())

  /** The next `times` answers of `route` are dropped or delayed after the mint did the work. */
  app.post('/control/cashu/faults/reply', (req, reply) => {
    const body = ZReplyFaultRequest.safeParse(req.body)
    if (!body.success) return reply.code(400).send({ error: body.error.issues[0]?.message })
    const { route, mode, delayMs = 0, times = 1 } = body.data
    faults.setReply(route, mode === 'none' ? null : { mode, delayMs, times })
    return faults.snapshot()
  })

  /** Every melt's Lightning payment takes `delayMs` (0: at once); its quote reads PENDING. */
  app.post('/control/cashu/faults/payment', (req, reply) => {
    const body = ZPaymentFaultRequest.safeParse(req.body)
    if (!body.success) return reply.code(400).send({ error: body.error.issues[0]?.message })
    faults.paymentDelayMs = body.data.delayMs
    return faults.snapshot()
  })

  app.delete('/control/cashu/faults', () => {
    faults.clear()
    return faults.snapshot()
  })

  app.post('/control/cashu/keyset', (req, reply) => {
    const body = ZKeysetRequest.safeParse(req.body)
    if (!body.success) return reply.code(400).send({ error: body.error.issues[0]?.message })
    ledger.keysets.rotate(body.data.inputFeePpk)
    world.persistence.save()
    return cashuInfo(mintUrl(), ledger)
  })
}

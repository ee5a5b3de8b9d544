/**
 * Request bodies of the mint API, parsed with zod. Amounts arrive as JSON numbers (cashu-ts sends
 * bigint-safe integers) or decimal strings; both become safe integers here.
 */
import { z } from 'zod'
import { CashuCode, fail } from './errors'

const amount = z
  .union([z.number().int().nonnegative(), z.string().regex(/^(0|[1-9]\d{0,19})$/)])
  .transform((v) => Number(v))
  .refine((v) => Number.isSafeInteger(v), 'amount is not a safe integer')

const hex = z.string().regex(/^[0-9a-fA-F]+$/, 'expected hex')

export const ZProof = z.object({
  id: z.string().min(1),
  amount,
  secret: z.string().min(1).max(512),
  C: hex,
  witness: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  dleq: z.unknown().optional(),
})
export type TProof = z.infer<typeof ZProof>

export const ZBlindedMessage = z.object({
  id: z.string().min(1),
  amount,
  B_: hex,
})
export type TBlindedMessage = z.infer<typeof ZBlindedMessage>

export const ZSwapRequest = z.object({
  inputs: z.array(ZProof),
  outputs: z.array(ZBlindedMessage),
})

export const ZRestoreRequest = z.object({ outputs: z.array(ZBlindedMessage) })

export const ZCheckStateRequest = z.object({ Ys: z.array(hex) })

export const ZMintQuoteRequest = z.object({
  amount,
  unit: z.string(),
  description: z.string().max(640).nullish(),
  pubkey: z.string().nullish(),
})

export const ZMintRequest = z.object({
  quote: z.string(),
  outputs: z.array(ZBlindedMessage),
})

export const ZMeltQuoteRequest = z.object({
  request: z.string().min(1),
  unit: z.string(),
  options: z
    .object({ amountless: z.object({ amount_msat: amount }).nullish() })
    .partial()
    .nullish(),
})

export const ZMeltRequest = z.object({
  quote: z.string(),
  inputs: z.array(ZProof),
  outputs: z.array(ZBlindedMessage).nullish(),
  prefer_async: z.boolean().nullish(),
})

/** Parses a request body or fails with a 400 the wallet can read. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue?.path.join('.') || 'body'
    fail(CashuCode.BAD_REQUEST, `invalid request: ${where}: ${issue?.message ?? 'malformed'}`)
  }
  return result.data
}

/** The NIP-47 commands a wallet connection answers, run against the wallet's Lightning node. */
import { z } from 'zod'
import type { World } from '../../../world/api'
import type { LnNode, LnPayment } from '../../../world/lightning-api'
import { LightningError } from '../../../world/lightning-api'
import type { Nip47Transaction } from './transactions'
import { incomingTransaction, outgoingTransaction } from './transactions'

export const METHODS = [
  'get_info',
  'get_balance',
  'make_invoice',
  'lookup_invoice',
  'pay_invoice',
  'list_transactions',
] as const
export const NOTIFICATION_TYPES = ['payment_received', 'payment_sent'] as const

export type Nip47ErrorCode =
  | 'NOT_IMPLEMENTED'
  | 'INSUFFICIENT_BALANCE'
  | 'UNAUTHORIZED'
  | 'UNSUPPORTED_ENCRYPTION'
  | 'PAYMENT_FAILED'
  | 'NOT_FOUND'
  | 'INTERNAL'
  | 'OTHER'

export class Nip47Error extends Error {
  constructor(
    readonly code: Nip47ErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export interface WalletContext {
  world: World
  node: LnNode
  /** When the wallet saw an outgoing payment succeed, in unix seconds. */
  settledAt(paymentHash: string): number | undefined
  /** When the wallet saw an invoice made, in ms, finer than the invoice's own seconds. */
  invoiceSeenAtMs(paymentHash: string): number | undefined
  /** whether lookup_invoice finds outgoing payments (many wallets cannot); default yes */
  looksUpOutgoing?(): boolean
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of lowercase hex')
const msat = z.number().int().nonnegative()
const unixSec = z.number().int().nonnegative()

const Params = {
  make_invoice: z.object({
    amount: msat,
    description: z.string().max(639).optional(),
    description_hash: hex64.optional(),
    expiry: z.number().int().positive().optional(),
  }),
  lookup_invoice: z
    .object({ payment_hash: hex64.optional(), invoice: z.string().min(1).optional() })
    .refine((p) => p.payment_hash !== undefined || p.invoice !== undefined, {
      message: 'one of payment_hash or invoice is required',
    }),
  pay_invoice: z.object({
    invoice: z.string().min(1),
    amount: msat.positive().optional(),
    /** the fee limit proposed for NIP-47 (msat): routes dearer than it are not taken */
    max_fee: msat.optional(),
  }),
  list_transactions: z.object({
    from: unixSec.optional(),
    until: unixSec.optional(),
    limit: z.number().int().nonnegative().optional(),
    offset: z.number().int().nonnegative().optional(),
    unpaid: z.boolean().optional(),
    type: z.enum(['incoming', 'outgoing']).optional(),
  }),
}

function parse<T>(schema: z.ZodType<T>, params: unknown): T {
  const result = schema.safeParse(params ?? {})
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    throw new Nip47Error('OTHER', `invalid params: ${where}${issue?.message ?? 'malformed'}`)
  }
  return result.data
}

const nowSec = () => Math.floor(Date.now() / 1000)

function openChannels(node: LnNode) {
  return node.channels().filter((c) => c.state === 'open')
}

/** The wallet's Lightning balance in msat: its side of its open channels. */
export function balanceMsat(node: LnNode): number {
  return openChannels(node).reduce((sum, c) => sum + c.localBalanceMsat, 0)
}

/** What a payment can take: the balance less the reserve each channel must keep. */
function spendableMsat(node: LnNode): number {
  return openChannels(node).reduce(
    (sum, c) => sum + Math.max(0, c.localBalanceMsat - c.localChanReserveSat * 1000),
    0,
  )
}

function decodeOrFail(ctx: WalletContext, invoice: string) {
  try {
    return ctx.world.lightning.decode(invoice)
  } catch (err) {
    throw new Nip47Error('OTHER', `invalid invoice: ${(err as Error).message}`)
  }
}

function decodeQuietly(ctx: WalletContext, invoice: string) {
  try {
    return ctx.world.lightning.decode(invoice)
  } catch {
    return undefined
  }
}

function outgoing(ctx: WalletContext, p: LnPayment): Nip47Transaction {
  return outgoingTransaction(p, decodeQuietly(ctx, p.paymentRequest), ctx.settledAt(p.paymentHash))
}

async function payInvoice(ctx: WalletContext, params: unknown) {
  const { invoice, amount, max_fee: maxFee } = parse(Params.pay_invoice, params)
  const decoded = decodeOrFail(ctx, invoice)
  if (decoded.valueMsat === 0 && amount === undefined) {
    throw new Nip47Error('OTHER', 'invalid params: amount is required for an invoice without one')
  }
  const amountMsat = decoded.valueMsat || (amount ?? 0)
  const previous = ctx.node.lookupPayment(decoded.paymentHash)
  if (previous?.status === 'SUCCEEDED') {
    throw new Nip47Error('PAYMENT_FAILED', 'invoice is already paid')
  }
  const spendable = spendableMsat(ctx.node)
  if (amountMsat > spendable) {
    throw new Nip47Error(
      'INSUFFICIENT_BALANCE',
      `insufficient balance: ${Math.ceil(amountMsat / 1000)} sat needed, ${Math.floor(spendable / 1000)} sat spendable`,
    )
  }
  let payment: LnPayment
  try {
    payment = await ctx.node.pay(invoice, {
      ...(decoded.valueMsat === 0 ? { amountMsat } : {}),
      ...(maxFee !== undefined ? { feeLimitSat: Math.floor(maxFee / 1000) } : {}),
    })
  } catch (err) {
    if (err instanceof LightningError) throw new Nip47Error('PAYMENT_FAILED', err.message)
    throw err
  }
  if (payment.status === 'SUCCEEDED' && payment.preimage) {
    return { preimage: payment.preimage, fees_paid: payment.feeMsat }
  }
  const reason = payment.failureReason.replace('FAILURE_REASON_', '').toLowerCase()
  if (payment.failureReason === 'FAILURE_REASON_INSUFFICIENT_BALANCE') {
    throw new Nip47Error('INSUFFICIENT_BALANCE', 'insufficient balance to pay this invoice')
  }
  throw new Nip47Error('PAYMENT_FAILED', `payment failed: ${reason}`)
}

function listTransactions(ctx: WalletContext, params: unknown) {
  const p = parse(Params.list_transactions, params)
  const now = nowSec()
  const from = p.from ?? 0
  const until = p.until ?? now
  const all: { tx: Nip47Transaction; sortKey: number }[] = []
  if (p.type !== 'outgoing') {
    for (const inv of ctx.node.invoices()) {
      const sortKey = ctx.invoiceSeenAtMs(inv.paymentHash) ?? inv.createdAt * 1e3
      all.push({ tx: incomingTransaction(inv, now), sortKey })
    }
  }
  if (p.type !== 'incoming') {
    for (const pay of ctx.node.payments()) {
      all.push({ tx: outgoing(ctx, pay), sortKey: Number(BigInt(pay.creationTimeNs) / 1_000_000n) })
    }
  }
  const selected = all
    .filter(({ tx }) => tx.created_at >= from && tx.created_at <= until)
    .filter(({ tx }) => p.unpaid === true || tx.state === 'settled')
    .sort((a, b) => b.tx.created_at - a.tx.created_at || b.sortKey - a.sortKey)
  const offset = p.offset ?? 0
  const page = selected.slice(offset, p.limit === undefined ? undefined : offset + p.limit)
  return { transactions: page.map(({ tx }) => tx), total_count: selected.length }
}

type Handler = (ctx: WalletContext, params: unknown) => unknown

const HANDLERS: Record<(typeof METHODS)[number], Handler> = {
  get_info: (ctx) => ({
    alias: ctx.node.alias,
    color: '#3399ff',
    pubkey: ctx.node.pubkey,
    network: ctx.world.chain.network,
    block_height: ctx.world.chain.tipHeight(),
    block_hash: ctx.world.chain.tipHash(),
    methods: [...METHODS],
    notifications: [...NOTIFICATION_TYPES],
  }),
  get_balance: (ctx) => ({ balance: balanceMsat(ctx.node) }),
  make_invoice: async (ctx, params) => {
    const p = parse(Params.make_invoice, params)
    const inv = await ctx.node.addInvoiceAsync({
      valueMsat: p.amount,
      memo: p.description,
      descriptionHash: p.description_hash,
      expirySec: p.expiry,
    })
    return incomingTransaction(inv, nowSec())
  },
  lookup_invoice: (ctx, params) => {
    const p = parse(Params.lookup_invoice, params)
    const hash = p.payment_hash ?? decodeOrFail(ctx, p.invoice ?? '').paymentHash
    const inv = ctx.node.lookupInvoice(hash)
    if (inv) return incomingTransaction(inv, nowSec())
    const pay = ctx.node.lookupPayment(hash)
    if (pay && ctx.looksUpOutgoing?.() !== false) return outgoing(ctx, pay)
    throw new Nip47Error('NOT_FOUND', `no invoice or payment with hash ${hash}`)
  },
  pay_invoice: payInvoice,
  list_transactions: listTransactions,
}

function isSupportedMethod(method: string): method is (typeof METHODS)[number] {
  return (METHODS as readonly string[]).includes(method)
}

/** Runs one command; throws Nip47Error with the code the client should see. */
export async function runMethod(ctx: WalletContext, method: string, params: unknown) {
  if (!isSupportedMethod(method)) {
    throw new Nip47Error('NOT_IMPLEMENTED', `method ${method} is not supported by this wallet`)
  }
  return await HANDLERS[method](ctx, params)
}

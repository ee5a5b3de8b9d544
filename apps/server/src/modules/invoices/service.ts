/**
 * Online invoices: made by a shop through the invoice API or by a customer through a payment
 * link, each one payment of the one payment flow (Lightning and on-chain in one unified request
 * where the wallet can, with the invoice's expiry) with the shop's order details around it. The
 * invoice row is written before the wallet is asked; a request cut short is asked again by the
 * same payment idempotency key (`invoice:<id>`), so a crash never makes two payments.
 *
 * Its state is read from its payments (the domain's `invoiceState`) and recorded as it moves
 * (`sync.ts`), which is when the webhooks' events are enqueued.
 */
import {
  checkoutPath,
  fiatMinorToSat,
  DEFAULT_CURRENCY,
  invoiceState,
  isPayable,
  type PaymentStatus,
  type InvoiceCurrency,
  type InvoiceEvent,
  type InvoiceState,
  type TCheckout,
  type TInvoice,
  type TInvoiceCreate,
  type ZInvoiceCreate,
} from '@app/domain'
import type { z } from 'zod'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { requireBusinessAreaOpen } from '../../lib/business-area'
import { DomainError } from '../../lib/errors'
import type { DeviceSettingsService } from '../devices'
import { paymentView, type PaymentRepo, type PaymentService, type PaymentView } from '../payments'
import type { WalletCapabilities } from '../../wallets/wallet'
import type { PriceService } from '../price'
import type { InvoicePayments, InvoiceRepo, InvoiceRow } from './repo'

export type InvoiceCreate = z.output<typeof ZInvoiceCreate>
type BusinessOf = NonNullable<Awaited<ReturnType<InvoiceRepo['business']>>>

/** Where an invoice came from. */
export type InvoiceSource = { apiKeyId: string } | { paymentLinkId: string }

/** How the webhooks hear of an invoice's event, in the transaction that records it. */
export interface InvoiceEventSink {
  enqueue(
    trx: Transaction<Database>,
    e: { businessId: string; invoiceId: string; event: InvoiceEvent; invoice: TInvoice; at: Date },
  ): Promise<void>
}

const notFound = () => new DomainError('NOT_FOUND', 'Invoice not found')
const iso = (d: Date | null) => (d ? d.toISOString() : null)
/** BOLT11 descriptions are short; the invoice keeps the whole description. */
const MEMO_MAX = 200

export function paymentKeyOf(invoiceId: string) {
  return `invoice:${invoiceId}`
}

export function stateOf(row: InvoiceRow, payments: InvoicePayments, now: Date): InvoiceState {
  const facts = {
    amountSat: Number(row.amountSat),
    expiresAt: row.expiresAt,
    invalidatedAt: row.invalidatedAt,
    firstPaidAt: row.firstPaidAt,
  }
  const standing = standingPayment(payments)
  return invoiceState(
    facts,
    standing
      ? {
          status: standing.status as PaymentStatus,
          receivedSat: standing.receivedSat,
          settledAt: standing.settledAt,
        }
      : null,
    now,
  )
}

/** The payment that stands for the invoice: a Cashu token that settled it, else its own. */
export function standingPayment(payments: InvoicePayments): InvoicePayments['main'] {
  return payments.ecash?.status === 'settled' ? payments.ecash : payments.main
}

/** An invoice or a link is priced in sats or in the business's own currency, nothing else. */
export function checkInvoiceCurrency(currency: string, own: string | null) {
  const businessCurrency = own ?? DEFAULT_CURRENCY
  if (currency !== 'SAT' && currency !== businessCurrency) {
    throw new DomainError('VALIDATION', "The currency must be SAT or the business's own", {
      currency: businessCurrency,
    })
  }
}

export function createInvoiceService(deps: {
  repo: InvoiceRepo
  payments: PaymentService
  paymentRepo: PaymentRepo
  /** what the business's wallet can take (null: none connected) */
  capabilities: (businessId: string) => Promise<WalletCapabilities | null>
  price: PriceService
  deviceSettings: DeviceSettingsService
  publicUrl: string
  now?: () => Date
}) {
  const { repo, payments } = deps
  const now = deps.now ?? (() => new Date())
  const origin = new URL(deps.publicUrl).origin

  /** What the business's wallet takes, from the wallet this process holds for it. */
  const capabilitiesOf = (businessId: string) => deps.capabilities(businessId)

  async function openBusiness(businessId: string) {
    const business = await repo.business(businessId)
    if (!business) throw notFound()
    requireBusinessAreaOpen(business.onboardingStep)
    return business
  }

  /** The amount in sats at today's rate (the payment flow resolves it the same way). */
  async function satsOf(amount: number, currency: InvoiceCurrency): Promise<number> {
    if (currency === 'SAT') {
      payments.checkAmount(amount)
      return amount
    }
    const price = await deps.price.get()
    const sat = fiatMinorToSat(amount, price.minorPerBtc[currency])
    payments.checkAmount(sat)
    return sat
  }

  /**
   * Asks the wallet for the invoice's payment (again, by the same key, if cut short); the row
   * with it, and the payment as the wallet answered.
   */
  async function ensurePayment(
    row: InvoiceRow,
    signal?: AbortSignal,
    known?: { business: BusinessOf; caps: WalletCapabilities | null },
  ): Promise<{ row: InvoiceRow; payment: PaymentView | null }> {
    if (row.paymentId) return { row, payment: null }
    const business = known?.business ?? (await openBusiness(row.businessId))
    const caps = known ? known.caps : await capabilitiesOf(row.businessId)
    const expirySec = Math.max(60, Math.round((row.expiresAt.getTime() - now().getTime()) / 1000))
    const request = {
      amount:
        row.currency === 'SAT' ? { sat: Number(row.amount) } : { fiatMinor: Number(row.amount) },
      memo: (row.description || business.name).slice(0, MEMO_MAX),
      idempotencyKey: paymentKeyOf(row.id),
      expirySec,
    }
    const view = caps?.onchain
      ? await payments.createOnchain(business, request, signal)
      : await payments.createLightning(business, request, signal)
    await repo.attachPayment(row.id, view.id, view.amountSat)
    return {
      row: { ...row, paymentId: row.paymentId ?? view.id, amountSat: String(view.amountSat) },
      payment: view,
    }
  }

  async function toApi(row: InvoiceRow, at = now(), known?: PaymentView | null): Promise<TInvoice> {
    const facts: InvoicePayments = known ? { main: known, ecash: null } : await repo.payments(row)
    const state = stateOf(row, facts, at)
    let view = known ?? null
    if (!view && row.paymentId) {
      const payment = await deps.paymentRepo.find(row.businessId, row.paymentId)
      view = payment ? paymentView(payment) : null
    }
    return {
      id: row.id,
      status: state.status,
      exception: state.exception,
      amount: Number(row.amount),
      currency: row.currency as InvoiceCurrency,
      amountSat: Number(row.amountSat),
      receivedSat: receivedOf(facts),
      orderId: row.orderId,
      description: row.description,
      metadata: row.metadata,
      redirectUrl: row.redirectUrl,
      checkoutUrl: `${origin}${checkoutPath(row.id)}`,
      paymentLinkId: row.paymentLinkId,
      lightningInvoice: view?.paymentRequest ?? null,
      address: view?.address ?? null,
      bip21: view?.bip21 ?? null,
      expiresAt: row.expiresAt.toISOString(),
      settledAt: iso(row.settledAt),
      invalidatedAt: iso(row.invalidatedAt),
      createdAt: row.createdAt.toISOString(),
    }
  }

  function receivedOf(p: InvoicePayments): number {
    return standingPayment(p)?.receivedSat ?? 0
  }

  async function create(
    businessId: string,
    input: InvoiceCreate,
    source: InvoiceSource,
    signal?: AbortSignal,
    linkUse?: Parameters<InvoiceRepo['insert']>[1],
  ): Promise<{ invoice: InvoiceRow; created: boolean; payment: PaymentView | null }> {
    const business = await openBusiness(businessId)
    checkInvoiceCurrency(input.currency, business.currency)
    // a wallet that takes on-chain (and Lightning where it can) or Lightning alone
    const caps = await capabilitiesOf(businessId)
    if (!caps?.onchain) await payments.requireCapability(businessId, 'lightning')
    const amountSat = await satsOf(input.amount, input.currency)
    const inserted = await repo.insert(
      {
        businessId,
        paymentLinkId: 'paymentLinkId' in source ? source.paymentLinkId : null,
        apiKeyId: 'apiKeyId' in source ? source.apiKeyId : null,
        amount: input.amount,
        currency: input.currency,
        amountSat,
        orderId: input.orderId ?? null,
        description: input.description,
        metadata: input.metadata ?? {},
        redirectUrl: input.redirectUrl ?? null,
        expiresAt: new Date(now().getTime() + input.expiryMinutes * 60_000),
        idempotencyKey: input.idempotencyKey ?? null,
      },
      linkUse,
    )
    if ('refused' in inserted) {
      throw new DomainError('PAYMENT_LINK_CLOSED', 'This payment link takes no more payments')
    }
    const { row, created } = inserted
    if (!created && (Number(row.amount) !== input.amount || row.currency !== input.currency)) {
      throw new DomainError(
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was used for an invoice of another amount or currency',
      )
    }
    const asked = await ensurePayment(row, signal, { business, caps })
    return { invoice: asked.row, created, payment: asked.payment }
  }

  return {
    stateOf,
    toApi,
    ensurePayment,

    /** An invoice of the shop's API (or the same one again, by its idempotency key). */
    async createFromApi(
      businessId: string,
      apiKeyId: string,
      input: InvoiceCreate,
      signal?: AbortSignal,
    ) {
      const { invoice, created, payment } = await create(businessId, input, { apiKeyId }, signal)
      return { invoice: await toApi(invoice, now(), payment), created, row: invoice }
    },

    create,

    async get(businessId: string, id: string): Promise<TInvoice> {
      const row = await repo.findOf(businessId, id)
      if (!row) throw notFound()
      return toApi(row)
    },

    async list(
      businessId: string,
      q: {
        status?: string
        orderId?: string
        paymentLinkId?: string
        limit: number
        cursor?: string
      },
    ): Promise<{ invoices: TInvoice[]; nextCursor: string | null }> {
      const after = q.cursor ? decodeCursor(q.cursor) : undefined
      const rows = await repo.list(businessId, { ...q, after })
      const page = rows.slice(0, q.limit)
      const last = page.at(-1)
      const nextCursor =
        rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null
      return { invoices: await Promise.all(page.map((r) => toApi(r))), nextCursor }
    },

    /** The shop (or the merchant) calls an invoice off: it can no longer be paid. */
    async invalidate(businessId: string, id: string): Promise<InvoiceRow> {
      const row = await repo.findOf(businessId, id)
      if (!row) throw notFound()
      const state = stateOf(row, await repo.payments(row), now())
      if (state.status !== 'new' && state.status !== 'expired') {
        throw new DomainError(
          'INVOICE_NOT_INVALIDATABLE',
          'Only an invoice not paid or being paid can be invalidated',
        )
      }
      if (state.exception !== null && state.exception !== 'paid_partial') {
        throw new DomainError('INVOICE_NOT_INVALIDATABLE', 'Money for this invoice is arriving')
      }
      await repo.invalidate(businessId, id)
      if (row.paymentId) await repo.closePayment(businessId, row.paymentId)
      return (await repo.find(id)) ?? row
    },

    /**
     * The merchant accepts an on-chain part payment as the invoice's payment: what arrived (at
     * least one confirmation) is credited, its fiat value in proportion, and the invoice is
     * settled with the exception `paid_partial`.
     */
    async acceptPartial(businessId: string, id: string): Promise<InvoiceRow> {
      const row = await repo.findOf(businessId, id)
      if (!row) throw notFound()
      const state = stateOf(row, await repo.payments(row), now())
      const payment = row.paymentId
        ? await deps.paymentRepo.find(businessId, row.paymentId)
        : undefined
      if (
        state.exception !== 'paid_partial' ||
        state.status === 'settled' ||
        !payment ||
        payment.status !== 'processing' ||
        payment.confirmations < 1
      ) {
        throw new DomainError(
          'INVOICE_NOT_ACCEPTABLE',
          'Only a part payment confirmed on-chain can be accepted',
        )
      }
      const received = payment.receivedSat
      const fiatMinor =
        payment.fiatMinor === null
          ? null
          : Math.round((payment.fiatMinor * received) / payment.amountSat)
      await repo.setPaymentFiat(payment.id, fiatMinor)
      await deps.paymentRepo.settle(payment.id, {
        receivedSat: received,
        settledAt: now(),
        fiatMinor,
        confirmations: payment.confirmations,
      })
      return (await repo.find(id)) ?? row
    },

    /** The public checkout page's view of an invoice: nothing secret, nothing of others. */
    async checkout(id: string): Promise<TCheckout> {
      let row = await repo.find(id)
      if (!row) throw notFound()
      const at = now()
      const api = await toApi(row, at)
      if (!api.lightningInvoice && !api.address && api.status === 'new' && !row.paymentId) {
        // its request was cut short: asked again now, by the same key
        const asked = await ensurePayment(row)
        row = asked.row
        return checkoutOf(row, await toApi(row, at, asked.payment), at)
      }
      return checkoutOf(row, api, at)
    },
  }

  async function checkoutOf(row: InvoiceRow, api: TInvoice, at: Date): Promise<TCheckout> {
    const settings = await deps.deviceSettings.get(row.businessId)
    const payable = isPayable(api)
    return {
      id: api.id,
      business: { name: settings.displayName, logoUrl: settings.logoUrl },
      status: api.status,
      exception: api.exception,
      amount: api.amount,
      currency: api.currency,
      amountSat: api.amountSat,
      receivedSat: api.receivedSat,
      description: api.description,
      lightningInvoice: payable ? api.lightningInvoice : null,
      address: api.address,
      bip21: payable ? api.bip21 : null,
      acceptsEcash: payable && Boolean((await capabilitiesOf(row.businessId))?.lightning),
      expiresAt: api.expiresAt,
      settledAt: api.settledAt,
      serverTime: at.toISOString(),
      redirectUrl: api.redirectUrl,
      paymentLinkId: api.paymentLinkId,
    }
  }
}

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url')
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  const createdAt = new Date(at ?? '')
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new DomainError('VALIDATION', 'The cursor is not one this API gave')
  }
  return { createdAt, id }
}

export type InvoiceService = ReturnType<typeof createInvoiceService>
export type { TInvoiceCreate }

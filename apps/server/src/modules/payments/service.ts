/**
 * Taking payments. Every way of receiving (Lightning, on-chain, tips, ecash) goes through one
 * operation, `receive`: the payment row is written with its idempotency key, then the business's
 * wallet is asked, then its invoice or address is attached, or the row is failed (`flow.ts`).
 * Pages follow a payment through a subscription fed by pg_notify, so a settlement seen by any
 * instance reaches a browser connected to any other.
 */
import { createHash } from 'node:crypto'
import { MAX_PAYMENT_SAT } from '@app/domain'
import type { PaymentMethod } from '../../db/schema'
import { DomainError } from '../../lib/errors'
import { fiatMinorToSat, satToFiatMinor } from '../../lib/money'
import type { PgEventBus } from '../../lib/pg-events'
import {
  WalletUnsupportedError,
  type CreateInvoiceInput,
  type Wallet,
  type WalletCapabilities,
  type WalletInvoice,
} from '../../wallets/wallet'
import type { FiatCurrency, PriceService } from '../price/service'
import { rowThenRequest, type FlowOutcome } from './flow'
import { PAYMENT_EVENTS_CHANNEL, type PaymentRepo, type PaymentRow } from './repo'
import { createSettlements } from './settlements'
import { isFinal, paymentView, type PaymentView } from './view'
import type { WalletProvider } from './wallet-provider'
import type { WalletWatchers } from './watchers'

export const INVOICE_EXPIRY_SEC = 15 * 60
/** The Lightning half of a unified on-chain request lives as long as an address is watched. */
export const UNIFIED_INVOICE_EXPIRY_SEC = 24 * 3600
/** Now in `@app/domain`; kept here for the imports of this module's callers. */
export { MAX_PAYMENT_SAT }

export type AmountInput = { sat: number } | { fiatMinor: number }

export interface BusinessRef {
  id: string
  currency: string | null
}

/** What a business's wallet must be able to do for a way of receiving. */
export type Need = keyof Pick<WalletCapabilities, 'lightning' | 'onchain' | 'descriptionHash'>

/** A payment to receive: what its row says before anything is asked of the wallet. */
export interface IncomingSpec {
  method: PaymentMethod
  amountSat: number
  /** fiat keyed in, kept exactly as keyed; null when keyed in sats */
  fiatMinor: number | null
  memo: string
  /** a retry with the same key returns the same payment (and must ask for the same one) */
  idempotencyKey: string | null
  tipPageId?: string
  /** `processing` for a payment already under way when written (ecash) */
  status?: 'processing'
}

/** What the wallet gave for a payment: an invoice, an address, or both (unified). */
export interface Attachment {
  invoice?: WalletInvoice
  address?: string
}

/** What a request is given: the business's wallet, bound to the caller's signal. */
export interface RequestContext {
  /** the payment row, written and open */
  paymentId: string
  invoice: (input: CreateInvoiceInput) => Promise<WalletInvoice>
  wallet: Wallet
}

/** A retried request: its method and amount must be those of the first. */
export type RequestKey = Pick<IncomingSpec, 'method' | 'amountSat' | 'fiatMinor'>

const keyReused = () =>
  new DomainError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for another payment')

const NO_WALLET = () => new DomainError('NO_WALLET', 'This business has no wallet connected')

/** Whether a retried request asks for the payment its key was first used for. */
function sameRequest(row: PaymentRow, spec: RequestKey): boolean {
  if (row.method !== spec.method) return false
  // Keyed in fiat, the sats follow the price of the moment; the fiat keyed in must match.
  if (spec.fiatMinor !== null) return row.fiatMinor === spec.fiatMinor
  return row.amountSat === spec.amountSat
}

/** The id of a followed payment's event: the same view gives the same id. */
export function paymentEventId(view: PaymentView): string {
  return createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 22)
}

export function createPaymentService(deps: {
  repo: PaymentRepo
  wallets: WalletProvider
  watchers: WalletWatchers
  price: PriceService
  bus: PgEventBus
}) {
  const { repo, wallets } = deps
  const settlements = createSettlements(deps)

  async function requireWallet(businessId: string, need: Need): Promise<Wallet> {
    const wallet = await wallets.forBusiness(businessId)
    if (!wallet) throw NO_WALLET()
    if (!wallet.capabilities[need]) {
      throw new DomainError('WALLET_UNSUPPORTED', `This wallet cannot take ${need} payments`)
    }
    return wallet
  }

  /** Resolves the amount in sats and fiat; fiat keyed in is kept exactly as keyed. */
  async function amounts(currency: FiatCurrency, amount: AmountInput) {
    const price = await deps.price.get()
    const rate = price.minorPerBtc[currency]
    const amountSat = 'sat' in amount ? amount.sat : fiatMinorToSat(amount.fiatMinor, rate)
    checkAmount(amountSat)
    return { amountSat, fiatMinor: 'fiatMinor' in amount ? amount.fiatMinor : null, rate }
  }

  function checkAmount(amountSat: number) {
    if (amountSat < 1 || amountSat > MAX_PAYMENT_SAT) {
      throw new DomainError('VALIDATION', 'The amount is out of range', {
        minSat: 1,
        maxSat: MAX_PAYMENT_SAT,
      })
    }
  }

  const currencyOf = (business: BusinessRef) => (business.currency ?? 'USD') as FiatCurrency

  function fiatFor(currency: string, sat: number): number | null {
    const rate = deps.price.peek()?.minorPerBtc[currency as FiatCurrency]
    return rate ? satToFiatMinor(sat, rate) : null
  }

  /** The reason a failed row keeps: a domain error's code, else what the wallet said. */
  const reasonOf = (err: unknown) =>
    err instanceof DomainError ? err.code : err instanceof Error ? err.message : 'wallet error'

  /** What the caller of a failed request is told. */
  function refusal(err: unknown): DomainError {
    if (err instanceof DomainError) return err
    if (err instanceof WalletUnsupportedError) {
      return new DomainError('WALLET_UNSUPPORTED', err.message)
    }
    return new DomainError('WALLET_UNAVAILABLE', 'The wallet did not answer. Try again.')
  }

  /**
   * The one way a payment is received: the row, then `request` (given the business's wallet
   * as an invoice maker), then its answer attached, or the row failed. A retry under the same
   * idempotency key gets the first payment back, or IDEMPOTENCY_KEY_REUSED when it asks for
   * another amount or method.
   */
  async function receive(
    business: BusinessRef,
    spec: IncomingSpec,
    need: Need,
    request: (ctx: RequestContext) => Promise<Attachment>,
    signal?: AbortSignal,
  ): Promise<FlowOutcome<PaymentRow>> {
    const wallet = await requireWallet(business.id, need)
    const outcome = await rowThenRequest<PaymentRow, Attachment>({
      write: async () => {
        const written = await repo.insert({
          businessId: business.id,
          currency: currencyOf(business),
          ...spec,
          status: spec.status ?? 'pending',
        })
        if (!written.isNew && !sameRequest(written.row, spec)) throw keyReused()
        return written
      },
      request: (row) =>
        request({
          paymentId: row.id,
          invoice: (input) => wallet.createInvoice(input, signal),
          wallet,
        }),
      attach: async (row, answer) => {
        let attached: PaymentRow | undefined = row
        if (answer.address) attached = await repo.attachAddress(row.id, answer.address)
        if (attached && answer.invoice) attached = await repo.attachInvoice(row.id, answer.invoice)
        return attached
      },
      fail: async (row, err) =>
        (await repo.move(row.id, 'failed', { failureReason: reasonOf(err) })) ??
        (await repo.find(business.id, row.id)) ??
        row,
    })
    if (outcome.state === 'attached') void deps.watchers.poke(business.id)
    return outcome
  }

  /** The view of a flow's outcome for a caller: the payment, or the refusal of a failed one. */
  function viewOf(outcome: FlowOutcome<PaymentRow>): PaymentView {
    if (outcome.state === 'failed') throw refusal(outcome.error)
    return paymentView(outcome.row)
  }

  return {
    receive,
    viewOf,
    refusal,

    /** Throws NO_WALLET or WALLET_UNSUPPORTED unless the business's wallet can do `need`. */
    async requireCapability(businessId: string, need: Need): Promise<void> {
      await requireWallet(businessId, need)
    },

    /**
     * The payment written before under `key`, for a caller that must answer a retry before it
     * could ask again (a spent ecash token); IDEMPOTENCY_KEY_REUSED if it was for another one.
     */
    async replay(businessId: string, key: string, spec: RequestKey): Promise<PaymentView | null> {
      const row = await repo.byIdempotencyKey(businessId, key)
      if (!row) return null
      if (!sameRequest(row, spec)) throw keyReused()
      return paymentView(row)
    },

    async createLightning(
      business: BusinessRef,
      input: { amount: AmountInput; memo: string; idempotencyKey?: string },
      signal?: AbortSignal,
    ): Promise<PaymentView> {
      await requireWallet(business.id, 'lightning')
      const { amountSat, fiatMinor } = await amounts(currencyOf(business), input.amount)
      const spec = {
        method: 'lightning' as const,
        amountSat,
        fiatMinor,
        memo: input.memo,
        idempotencyKey: input.idempotencyKey ?? null,
      }
      const outcome = await receive(
        business,
        spec,
        'lightning',
        async ({ invoice }) => ({
          invoice: await invoice({ amountSat, memo: input.memo, expirySec: INVOICE_EXPIRY_SEC }),
        }),
        signal,
      )
      return viewOf(outcome)
    },

    async createOnchain(
      business: BusinessRef,
      input: { amount: AmountInput; memo: string; idempotencyKey?: string },
      signal?: AbortSignal,
    ): Promise<PaymentView> {
      await requireWallet(business.id, 'onchain')
      const { amountSat, fiatMinor } = await amounts(currencyOf(business), input.amount)
      const spec = {
        method: 'onchain' as const,
        amountSat,
        fiatMinor,
        memo: input.memo,
        idempotencyKey: input.idempotencyKey ?? null,
      }
      const outcome = await receive(
        business,
        spec,
        'onchain',
        async ({ invoice, wallet }) => {
          const address = await wallet.newAddress(signal)
          // Unified: the same amount can also be paid over Lightning where the wallet can.
          if (!wallet.capabilities.lightning) return { address }
          const expirySec = UNIFIED_INVOICE_EXPIRY_SEC
          return { address, invoice: await invoice({ amountSat, memo: input.memo, expirySec }) }
        },
        signal,
      )
      return viewOf(outcome)
    },

    async get(businessId: string, id: string): Promise<PaymentView> {
      const row = await repo.find(businessId, id)
      if (!row) throw new DomainError('NOT_FOUND', 'Payment not found')
      return paymentView(row)
    },

    /** Fails a payment still open after its invoice was attached (an ecash melt that failed). */
    async fail(businessId: string, id: string, error: DomainError): Promise<never> {
      await repo.move(id, 'failed', { failureReason: reasonOf(error) })
      throw error
    },

    /** The fee taken from a payment on its way (an ecash mint's). */
    setFee: (id: string, feeSat: number) => repo.setFee(id, feeSat),

    /** Credits a payment received outside the watchers (an ecash melt that paid), once. */
    async settle(
      businessId: string,
      id: string,
      input: { receivedSat: number; feeSat: number; currency: string },
    ): Promise<PaymentView> {
      const settled = await repo.settle(id, {
        receivedSat: input.receivedSat,
        settledAt: new Date(),
        fiatMinor: fiatFor(input.currency, input.receivedSat),
        feeSat: input.feeSat,
      })
      const row = settled ?? (await repo.find(businessId, id))
      if (!row) throw new DomainError('NOT_FOUND', 'Payment not found')
      return paymentView(row)
    },

    checkAmount,

    /**
     * The payment now and after every change, until it is final or the client goes away. After
     * `lastEventId` (a reconnect), the payment as it stands is given only if it changed since.
     */
    async *follow(
      businessId: string,
      id: string,
      signal: AbortSignal | undefined,
      lastEventId?: string | null,
    ) {
      const changes = await deps.bus.listen(
        PAYMENT_EVENTS_CHANNEL,
        (payload) => (payload as { id?: string }).id === id,
        signal,
      )
      try {
        let last: PaymentRow | undefined
        let lastSent = lastEventId ?? null
        let mustRead = true
        while (!signal?.aborted) {
          // A change announced while the row was read or handed over is taken on the next turn.
          if (mustRead || changes.take()) {
            mustRead = false
            last = await repo.find(businessId, id)
            if (!last) throw new DomainError('NOT_FOUND', 'Payment not found')
            const view = paymentView(last)
            const eventId = paymentEventId(view)
            if (eventId !== lastSent) {
              lastSent = eventId
              yield view
            }
            if (isFinal(last.status)) return
            continue
          }
          const expiresAt = last?.expiresAt
          const untilExpiry = expiresAt ? expiresAt.getTime() - Date.now() + 1500 : 60_000
          await changes.wait(Math.max(1000, Math.min(untilExpiry, 60_000)))
          // Past expiry, look now rather than at the next expiry sweep; a change is an event.
          if (expiresAt && expiresAt.getTime() < Date.now()) {
            mustRead = true
            await settlements.expireLapsed(businessId)
          }
        }
      } finally {
        changes.close()
      }
    },

    fiatOf: satToFiatMinor,
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>

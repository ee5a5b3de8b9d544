/**
 * The one way a payment is received (Lightning, on-chain, tips, ecash): the payment row is
 * written with its idempotency key, then the business's wallet is asked, then its invoice or
 * address is attached, or the row is failed (`flow.ts`).
 */
import { DEFAULT_CURRENCY, type ErrorCode } from '@app/domain'
import pg from 'pg'
import type { PaymentMethod } from '../../db/schema'
import { DomainError } from '../../lib/errors'
import {
  WalletNotReadyError,
  WalletUnsupportedError,
  type CreateInvoiceInput,
  type Wallet,
  type WalletCapabilities,
  type WalletInvoice,
} from '../../wallets/wallet'
import { rowThenRequest, type FlowOutcome } from './flow'
import type { PaymentRepo } from './repo'
import type { PaymentRow } from './row'
import { paymentView, type PaymentView } from './view'
import type { WalletProvider } from '../../wallets/wallet-provider'
import type { WalletWatchers } from './watchers'

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
  /** the device and staff member that took it, and the till's order reference */
  deviceId?: string
  staffId?: string | null
  orderReference?: string | null
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
  /** whether the wallet can be paid over Lightning now (see `lightningOpen`) */
  takesLightning: boolean
}

/** A retried request: its method and amount must be those of the first. */
export type RequestKey = Pick<IncomingSpec, 'method' | 'amountSat' | 'fiatMinor'>

const keyReused = () =>
  new DomainError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key was used for another payment')

const NO_WALLET = () => new DomainError('NO_WALLET', 'This business has no wallet connected')

const CHANNEL_NOT_OPEN = () =>
  new DomainError(
    'NODE_CHANNEL_NOT_OPEN',
    'This business cannot take Lightning payments until its node has an open channel',
  )

/** Whether a retried request asks for the payment its key was first used for. */
function sameRequest(row: PaymentRow, spec: RequestKey): boolean {
  if (row.method !== spec.method) return false
  // Keyed in fiat, the sats follow the price of the moment; the fiat keyed in must match.
  if (spec.fiatMinor !== null) return row.fiatMinor === spec.fiatMinor
  return row.amountSat === spec.amountSat
}

/**
 * The reason a failed row keeps, which its merchant sees: a code of the error catalogue, never
 * what a wallet or the database said (that is logged, see `logFailure`).
 */
export function reasonOf(err: unknown): ErrorCode {
  if (err instanceof DomainError) return err.code
  if (err instanceof WalletUnsupportedError) return 'WALLET_UNSUPPORTED'
  if (err instanceof WalletNotReadyError) return 'NODE_NOT_READY'
  if (err instanceof pg.DatabaseError) return 'INTERNAL'
  return 'WALLET_UNAVAILABLE'
}

/** Logs what a wallet or the database said about a failed payment (a refusal is not logged). */
export function logFailure(log: PaymentLog | undefined, paymentId: string, err: unknown): void {
  if (!(err instanceof DomainError)) log?.(`payment ${paymentId} failed`, err)
}

export type PaymentLog = (msg: string, err?: unknown) => void

/** What the caller of a failed request is told. */
export function refusal(err: unknown): DomainError {
  if (err instanceof DomainError) return err
  if (err instanceof WalletUnsupportedError) {
    return new DomainError('WALLET_UNSUPPORTED', err.message)
  }
  if (err instanceof WalletNotReadyError)
    return new DomainError('NODE_NOT_READY', 'Node is not ready')
  return new DomainError('WALLET_UNAVAILABLE', 'The wallet did not answer. Try again.')
}

/** The view of a flow's outcome for a caller: the payment, or the refusal of a failed one. */
export function viewOf(outcome: FlowOutcome<PaymentRow>): PaymentView {
  if (outcome.state === 'failed') throw refusal(outcome.error)
  return paymentView(outcome.row)
}

export const currencyOf = (business: BusinessRef) => business.currency ?? DEFAULT_CURRENCY

export function createReceiving(deps: {
  repo: PaymentRepo
  wallets: WalletProvider
  watchers: WalletWatchers
  log?: PaymentLog
}) {
  const { repo, wallets } = deps
  /** Businesses known to be past their channel deposit (a final step: kept for good). */
  const pastDeposit = new Set<string>()

  /**
   * Whether the business's wallet can be paid over Lightning now. A business on its own hosted
   * node stays at the onboarding step `deposit` until its channel deposit's channel is open: the
   * deposit is marked open and the step moves on in one transaction (deposit/service.ts), and
   * until then an invoice would have no channel to arrive through. So the step decides: one read
   * of the business's row by its key, and a business past the step is remembered for good (a
   * step never goes back), so a business taking payments is answered from memory after its
   * first. Not the node's channel balance: that is a call to the node on every payment, and the
   * inbound side moves with every payment received (the node's page warns when it runs low).
   */
  async function lightningOpen(businessId: string): Promise<boolean> {
    if (pastDeposit.has(businessId)) return true
    const step = await repo.businessStep(businessId)
    if (step === 'deposit') return false
    if (step === 'completed') pastDeposit.add(businessId)
    return true
  }

  /**
   * The business's wallet; NO_WALLET or WALLET_UNSUPPORTED unless it can do `need`, and
   * NODE_CHANNEL_NOT_OPEN for Lightning (and tips, which are Lightning) while its own node has
   * no open channel. On-chain payments are taken meanwhile: the node has an on-chain wallet.
   */
  async function requireWallet(businessId: string, need: Need): Promise<Wallet> {
    const wallet = await wallets.forBusiness(businessId)
    if (!wallet) throw NO_WALLET()
    if (!wallet.capabilities[need]) {
      throw new DomainError('WALLET_UNSUPPORTED', `This wallet cannot take ${need} payments`)
    }
    if (need !== 'onchain' && !(await lightningOpen(businessId))) throw CHANNEL_NOT_OPEN()
    return wallet
  }

  /** What a request is given: the wallet, its invoices bound to `signal`. */
  async function contextOf(
    businessId: string,
    paymentId: string,
    wallet: Wallet,
    need: Need,
    signal?: AbortSignal,
  ): Promise<RequestContext> {
    const takesLightning =
      wallet.capabilities.lightning && (need !== 'onchain' || (await lightningOpen(businessId)))
    return {
      paymentId,
      invoice: (input) => wallet.createInvoice(input, signal),
      wallet,
      takesLightning,
    }
  }

  /** Attaches what the wallet gave to an open row; undefined once the row is closed. */
  async function attach(
    id: string,
    answer: Attachment,
    row?: PaymentRow,
  ): Promise<PaymentRow | undefined> {
    let attached = row
    if (answer.address) {
      attached = await repo.attachAddress(id, answer.address)
      if (!attached) return undefined
    }
    if (answer.invoice) attached = await repo.attachInvoice(id, answer.invoice)
    return attached
  }

  /**
   * The row, then `request` (given the business's wallet as an invoice maker), then its answer
   * attached, or the row failed. A retry under the same idempotency key gets the first payment
   * back, or IDEMPOTENCY_KEY_REUSED when it asks for another amount or method.
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
      request: async (row) => request(await contextOf(business.id, row.id, wallet, need, signal)),
      attach: (row, answer) => attach(row.id, answer, row),
      fail: async (row, err) => {
        logFailure(deps.log, row.id, err)
        return (
          (await repo.move(row.id, 'failed', { failureReason: reasonOf(err) })) ??
          (await repo.find(business.id, row.id)) ??
          row
        )
      },
    })
    if (outcome.state === 'attached') void deps.watchers.poke(business.id)
    return outcome
  }

  /**
   * The payment written before under `key`, for a caller that must answer a retry before it
   * could ask again (a spent ecash token); IDEMPOTENCY_KEY_REUSED if it was for another one.
   */
  async function replay(
    businessId: string,
    key: string,
    spec: RequestKey,
  ): Promise<PaymentView | null> {
    const row = await repo.byIdempotencyKey(businessId, key)
    if (!row) return null
    if (!sameRequest(row, spec)) throw keyReused()
    return paymentView(row)
  }

  /**
   * The request of a row written before whose answer was never attached (the process stopped
   * in between): asked of the business's wallet now and attached while the row is still open
   * and unanswered. Undefined when the row was closed or answered meanwhile (nothing attached).
   */
  async function resume(
    businessId: string,
    paymentId: string,
    need: Need,
    request: (ctx: RequestContext) => Promise<Attachment>,
    signal?: AbortSignal,
  ): Promise<PaymentView | undefined> {
    const wallet = await requireWallet(businessId, need)
    const answer = await request(await contextOf(businessId, paymentId, wallet, need, signal))
    if (!answer.invoice && !answer.address) return undefined
    const attached = await repo.attachToUnanswered(paymentId, answer)
    if (!attached) return undefined
    void deps.watchers.poke(businessId)
    return paymentView(attached)
  }

  return { requireWallet, receive, replay, resume }
}

export type Receiving = ReturnType<typeof createReceiving>

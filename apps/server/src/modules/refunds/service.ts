/**
 * Refunds made at a terminal. A refund is written (with the check against what remains of its
 * payment) before anything is paid, and paid as a withdrawal of the business's wallet through
 * the withdrawals' one send path, with the withdrawal key it holds from the start: a retry, a
 * second tap or the follow-up job after a crash pays it once. Paid either to a destination the
 * customer gives (read, screened and priced first, as a withdrawal is) or through a single-use
 * LNURL-withdraw (LUD-03) the customer's wallet claims with an invoice before it expires.
 */
import type { AuditBy, AuditEvent } from '../audit'
import {
  parseDestination,
  refundFiat,
  refundSats,
  REFUND_LNURL_TTL_SEC,
  ZRefundCreate,
  type BitcoinNetwork,
  type RefundState,
  type TRefundCreate,
} from '@app/domain'
import { randomBytes, randomUUID } from 'node:crypto'
import { DomainError } from '../../lib/errors'
import type { WithdrawalService } from '../withdrawals'
import { k1HashOf, withdrawLnurl } from './lnurlw'
import type { RefundPaymentsRepo } from './payments-repo'
import type { PaidAmounts, RefundAmounts, RefundRecord, RefundRepo } from './repo'

export interface RefundView {
  id: string
  paymentId: string
  state: RefundState
  basis: 'fiat' | 'sat'
  amountSat: number
  fiatMinor: number | null
  currency: string
  payout: 'lnurl' | 'destination'
  destination: string | null
  failureReason: string | null
  expiresAt: string | null
  createdAt: string
  staffName: string | null
  deviceName: string | null
}

export function refundView(r: RefundRecord): RefundView {
  return {
    id: r.id,
    paymentId: r.paymentId,
    state: r.state,
    basis: r.basis,
    amountSat: r.amountSat,
    fiatMinor: r.fiatMinor,
    currency: r.currency,
    payout: r.payout,
    destination: r.payout === 'destination' ? r.destination : null,
    failureReason: r.failureReason,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    staffName: r.staffName,
    deviceName: r.deviceName,
  }
}

/** Refusals of a withdrawal that a later try may not meet: the refund stays claimed. */
const PASSING = new Set([
  'WITHDRAW_IN_PROGRESS',
  'WALLET_UNAVAILABLE',
  'NODE_NOT_READY',
  'WITHDRAW_SCREENING_UNAVAILABLE',
  'WITHDRAW_LNURL_UNREACHABLE',
])

const exceeds = (remainingSat: number): never => {
  throw new DomainError('REFUND_EXCEEDS_REMAINING', 'More than remains', { remainingSat })
}

export interface RefundActor {
  device: { id: string; businessId: string }
  staff: { id: string }
  /** who acts and from where, for the audit log */
  audit?: AuditBy
}

/** The audit log's event for a refund made at a terminal: money asked to leave the business. */
const refundEvent =
  (by: AuditBy) =>
  (r: RefundRecord): AuditEvent => ({
    businessId: r.businessId,
    by,
    action: 'payout.requested',
    subject: { kind: 'refund', id: r.id },
    details: {
      refund: true,
      amountSat: Number(r.amountSat),
      payout: r.payout,
      paymentId: r.paymentId,
    },
  })

export function createRefundService(deps: {
  repo: RefundRepo
  payments: RefundPaymentsRepo
  withdrawals: WithdrawalService
  publicUrl: string
  network: BitcoinNetwork
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, withdrawals } = deps

  /** The sats and fiat share of a refund asked for in fiat or in sats. */
  function amountsFor(input: { basis: 'fiat' | 'sat'; amount: number }) {
    return (paid: PaidAmounts): RefundAmounts | null => {
      if (input.basis === 'fiat') {
        if (paid.fiatMinor === null || paid.fiatMinor <= 0) return null
        return {
          amountSat: refundSats(input.amount, { ...paid, fiatMinor: paid.fiatMinor }),
          fiatMinor: input.amount,
        }
      }
      return {
        amountSat: input.amount,
        fiatMinor:
          paid.fiatMinor === null
            ? null
            : refundFiat(input.amount, { ...paid, fiatMinor: paid.fiatMinor }),
      }
    }
  }

  /** Pays a claimed refund through the withdrawals (once per its key); resumable. */
  async function pay(r: RefundRecord): Promise<void> {
    if (!r.destination) return
    try {
      const w = await withdrawals.send(
        { businessId: r.businessId, userId: null },
        {
          quote: { destination: r.destination, amountSat: r.amountSat },
          idempotencyKey: r.withdrawalKey,
        },
      )
      await repo.linkWithdrawal(r.id, w.id)
    } catch (err) {
      if (err instanceof DomainError && !PASSING.has(err.code)) {
        await repo.fail(r.id, err.code)
        return
      }
      deps.log?.(`refund ${r.id} payout`, err)
    }
  }

  /** Refuses, before anything is written, a destination that cannot take exactly this refund. */
  async function checkDestination(actor: RefundActor, destination: string, amountSat: number) {
    const parsed = parseDestination(destination, deps.network)
    if (!parsed.ok) throw new DomainError(parsed.code, parsed.reason)
    const d = parsed.destination
    const invoiceSat =
      d.type === 'bolt11'
        ? d.amountSat
        : d.type === 'bip21' || d.type === 'bitcoin-address'
          ? (d.lightning?.amountSat ?? null)
          : null
    if (invoiceSat !== null && invoiceSat !== amountSat) {
      throw new DomainError('REFUND_INVOICE_AMOUNT_MISMATCH', 'The invoice is for another amount', {
        amountSat,
        invoiceSat,
      })
    }
    // read, screened and priced as a withdrawal is; refusals come back as catalogue codes
    await withdrawals.quote(
      { businessId: actor.device.businessId, userId: null },
      { destination, amountSat },
    )
  }

  return {
    async create(
      actor: RefundActor,
      raw: TRefundCreate,
    ): Promise<RefundView & { lnurl: string | null }> {
      const input = ZRefundCreate.parse(raw)
      const businessId = actor.device.businessId
      const earlier = await repo.byKey(businessId, input.idempotencyKey)
      if (earlier) return { ...refundView(earlier), lnurl: null }
      // a first look at the amount (checked again under the payment's lock when written)
      const paid = await repo.paymentAmounts(businessId, input.paymentId)
      if (!paid) throw new DomainError('NOT_FOUND', 'Payment not found')
      if (paid.status !== 'settled') {
        throw new DomainError('REFUND_PAYMENT_NOT_SETTLED', 'Only a settled payment')
      }
      const amounts = amountsFor(input)(paid)
      if (!amounts) throw new DomainError('REFUND_NO_FIAT_VALUE', 'The payment has no fiat value')
      if (amounts.amountSat > paid.remainingSat) {
        throw new DomainError('REFUND_EXCEEDS_REMAINING', 'More than remains', {
          remainingSat: paid.remainingSat,
        })
      }
      let k1: string | null = null
      if (input.payout.kind === 'destination') {
        await checkDestination(actor, input.payout.destination, amounts.amountSat)
      } else {
        const balances = await withdrawals.balances(businessId)
        if (!balances.canLightning) {
          throw new DomainError('REFUND_LNURL_UNAVAILABLE', 'This wallet cannot pay invoices')
        }
        if (amounts.amountSat > balances.maxLightningSat) {
          throw new DomainError('WITHDRAW_INSUFFICIENT_FUNDS', 'Not enough to send', {
            maxSat: balances.maxLightningSat,
          })
        }
        k1 = randomBytes(32).toString('hex')
      }
      const out = await repo.create(
        {
          businessId,
          paymentId: input.paymentId,
          deviceId: actor.device.id,
          staffId: actor.staff.id,
          basis: input.basis,
          payout: input.payout.kind,
          destination: input.payout.kind === 'destination' ? input.payout.destination : null,
          k1Hash: k1 ? k1HashOf(k1) : null,
          expiresAt: k1 ? new Date(Date.now() + REFUND_LNURL_TTL_SEC * 1000) : null,
          withdrawalKey: randomUUID(),
          idempotencyKey: input.idempotencyKey,
        },
        amountsFor(input),
        actor.audit ? refundEvent(actor.audit) : undefined,
      )
      if (!out.ok) {
        if (out.reason === 'exceeds') return exceeds(out.remainingSat)
        if (out.reason === 'missing') throw new DomainError('NOT_FOUND', 'Payment not found')
        throw new DomainError('REFUND_PAYMENT_NOT_SETTLED', 'Only a settled payment')
      }
      if (!out.isNew) return { ...refundView(out.record), lnurl: null }
      if (out.record.payout === 'destination') {
        await pay(out.record)
        const now = await repo.record(out.record.id)
        return { ...refundView(now ?? out.record), lnurl: null }
      }
      return { ...refundView(out.record), lnurl: k1 ? withdrawLnurl(k1, deps.publicUrl) : null }
    },

    async get(businessId: string, id: string): Promise<RefundView> {
      const r = await repo.record(id)
      if (!r || r.businessId !== businessId) throw new DomainError('NOT_FOUND', 'Refund not found')
      return refundView(r)
    },

    /** The device's payments settled since `since`, newest first, with what remains of each. */
    settledPayments(deviceId: string, since: Date) {
      return deps.payments.settledAt(deviceId, since, 100)
    },

    /** One payment of the business with its refunds (NOT_FOUND for another's). */
    async payment(businessId: string, paymentId: string) {
      const payment = await deps.payments.find(businessId, paymentId)
      if (!payment) throw new DomainError('NOT_FOUND', 'Payment not found')
      const refunds = (await repo.ofPayment(paymentId)).map(refundView)
      return { payment, refunds }
    },

    /** How each of these payments stands in refunds; payments without any are left out. */
    paymentStates(businessId: string, paymentIds: string[]) {
      return deps.payments.states(businessId, paymentIds)
    },

    /**
     * The business's refunds made in a period, with who made them, oldest first. The total is
     * what was refunded; refunds still open or being sent are summed apart, as pending.
     */
    async report(businessId: string, from: Date, to: Date) {
      const rows = (await repo.inPeriod(businessId, from, to, 1_000)).map(refundView)
      const sum = (of: RefundView[]) => ({
        count: of.length,
        sat: of.reduce((a, r) => a + r.amountSat, 0),
        fiatMinor: of.reduce((a, r) => a + (r.fiatMinor ?? 0), 0),
      })
      return {
        refunds: rows,
        total: sum(rows.filter((r) => r.state === 'refunded')),
        pending: sum(rows.filter((r) => r.state === 'open' || r.state === 'sending')),
      }
    },

    async ofPayment(businessId: string, paymentId: string): Promise<RefundView[]> {
      return (await repo.ofPayment(paymentId))
        .filter((r) => r.businessId === businessId)
        .map(refundView)
    },

    pay,

    /** Claimed refunds whose send never started or was refused for the moment: tried again. */
    async resume(ms: number): Promise<void> {
      for (const r of await repo.unsent(ms)) await pay(r)
    },
  }
}

export type RefundService = ReturnType<typeof createRefundService>

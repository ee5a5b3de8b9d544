/**
 * The terminal: payments a device takes with its staff member signed in (an amount, a tip paid
 * with the same invoice and recorded as the payment's tip, a method the wallet supports), read,
 * followed and cancelled only by that device; and receipts, which a customer opens on the public
 * host by a token that is the payment id signed with a key of the app secret (never enumerable).
 */
import {
  currencyOrDefault,
  fiatMinorToSat,
  type CurrencyCode,
  type TTerminalCharge,
  type TTerminalEcash,
} from '@app/domain'
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { requireBusinessAreaOpen } from '../../lib/business-area'
import { DomainError } from '../../lib/errors'
import type { DeviceIdentity, DeviceSettingsService } from '../devices'
import type { EcashService } from '../ecash'
import {
  type PaymentRepo,
  type PaymentRow,
  type PaymentService,
  paymentView,
  type PaymentView,
} from '../payments'
import type { PosService } from '../pos'
import type { PriceService } from '../price'
import type { TerminalRepo } from './repo'

export interface TerminalCaller {
  device: DeviceIdentity
  staffId: string | null
}

const notFound = () => new DomainError('NOT_FOUND', 'Payment not found')

export function createTerminalService(deps: {
  repo: TerminalRepo
  payments: PaymentService
  paymentRepo: PaymentRepo
  /** cancelling a payment still waiting, as a till does */
  pos: Pick<PosService, 'cancel'>
  ecash: Pick<EcashService, 'redeem'>
  price: Pick<PriceService, 'get'>
  settings: DeviceSettingsService
  appSecret: string
  publicUrl: string
}) {
  const { repo, payments } = deps
  const receiptKey = Buffer.from(
    hkdfSync('sha256', deps.appSecret, 'bitcoin-merchant', 'receipt-token', 32),
  )
  const signatureOf = (id: string) =>
    createHmac('sha256', receiptKey).update(id).digest('base64url').slice(0, 22)
  const receiptToken = (id: string) => `${id}${signatureOf(id)}`

  async function ownRow(caller: TerminalCaller, id: string): Promise<PaymentRow> {
    const row = await deps.paymentRepo.find(caller.device.businessId, id)
    if (!row || row.deviceId !== caller.device.id) throw notFound()
    return row
  }

  /** A charge may be taken at this device now: not a kiosk, a staff member, onboarding done. */
  async function chargingBusiness(caller: TerminalCaller) {
    if (caller.device.isKiosk) {
      throw new DomainError('KIOSK_NO_MANUAL_ENTRY', 'A kiosk takes payments from its till only')
    }
    if (!caller.staffId) {
      throw new DomainError('STAFF_SIGN_IN_REQUIRED', 'A staff member must sign in')
    }
    const business = await repo.business(caller.device.businessId)
    if (!business) throw notFound()
    requireBusinessAreaOpen(business.onboardingStep)
    return { ...business, staffId: caller.staffId }
  }

  /**
   * What was keyed at the device: the amount and tip together (in sats or the business's minor
   * units), and the request's key, the device's own (another device's same key is another
   * payment).
   */
  function keyedAt(caller: TerminalCaller, input: Required<TTerminalEcash | TTerminalCharge>) {
    const { amount, tip } = input
    const inSats = 'sat' in amount
    const total = (inSats ? amount.sat : amount.fiatMinor) + tip
    return {
      inSats,
      total,
      idempotencyKey: `terminal:${caller.device.id}:${input.idempotencyKey}`,
    }
  }

  /** The tip part of a payment for `total` keyed in (sats or minor units), recorded once. */
  async function recordTip(
    view: PaymentView,
    businessId: string,
    input: { tip: number; inSats: boolean; total: number },
  ) {
    if (input.tip <= 0) return
    await repo.recordTip({
      paymentId: view.id,
      businessId,
      tipSat: input.inSats ? input.tip : Math.round((view.amountSat * input.tip) / input.total),
      tipFiatMinor: input.inSats ? null : input.tip,
    })
  }

  async function withTip(view: PaymentView) {
    return { ...view, ...(await repo.tipOf(view.id)) }
  }

  async function get(caller: TerminalCaller, id: string) {
    return withTip(paymentView(await ownRow(caller, id)))
  }

  async function receiptOf(row: PaymentRow) {
    const [settings, tip, by] = await Promise.all([
      deps.settings.get(row.businessId),
      repo.tipOf(row.id),
      repo.takenBy(row.id),
    ])
    const token = receiptToken(row.id)
    return {
      id: row.id,
      token,
      url: `${new URL(deps.publicUrl).origin}/receipt/${token}`,
      displayName: settings.displayName,
      logoUrl: settings.logoUrl,
      receiptText: settings.receiptText,
      method: row.method,
      status: row.status,
      amountSat: row.amountSat,
      receivedSat: row.receivedSat,
      fiatMinor: row.fiatMinor,
      currency: row.currency,
      memo: row.memo,
      ...tip,
      staffName: by?.staffName ?? null,
      deviceName: by?.deviceName ?? null,
      createdAt: row.createdAt,
      settledAt: row.settledAt,
    }
  }

  return {
    receiptToken,

    /** The currency the business charges in. */
    async currency(businessId: string): Promise<CurrencyCode> {
      return currencyOrDefault((await repo.business(businessId))?.currency)
    },

    /** A payment for the device, with its staff member, the tip recorded beside it. */
    async charge(caller: TerminalCaller, input: Required<TTerminalCharge>, signal?: AbortSignal) {
      const business = await chargingBusiness(caller)
      const { inSats, total, idempotencyKey } = keyedAt(caller, input)
      const request = {
        amount: inSats ? { sat: total } : { fiatMinor: total },
        memo: input.memo,
        idempotencyKey,
        origin: { deviceId: caller.device.id, staffId: caller.staffId, orderReference: null },
      }
      const view =
        input.method === 'lightning'
          ? await payments.createLightning(business, request, signal)
          : await payments.createOnchain(business, request, signal)
      await recordTip(view, business.id, { tip: input.tip, inSats, total })
      return withTip(view)
    },

    /**
     * Ecash for the amount and tip keyed in: the customer's token, holding the sats due (at
     * today's price), is taken at its mint for the business's wallet; the payment names the
     * device and the staff member, and its tip is recorded as a charge's is.
     */
    async redeemEcash(
      caller: TerminalCaller,
      input: Required<TTerminalEcash>,
      signal?: AbortSignal,
    ) {
      const business = await chargingBusiness(caller)
      const { inSats, total, idempotencyKey } = keyedAt(caller, input)
      let dueSat = total
      if (!inSats) {
        const price = await deps.price.get()
        const rate = price.minorPerBtc[currencyOrDefault(business.currency)]
        dueSat = fiatMinorToSat(total, rate)
      }
      const view = await deps.ecash.redeem(
        business,
        {
          token: input.token,
          memo: input.memo || undefined,
          idempotencyKey,
          terminal: {
            dueSat,
            fiatMinor: inSats ? null : total,
            deviceId: caller.device.id,
            staffId: business.staffId,
          },
        },
        signal,
      )
      if (view.status !== 'failed') {
        await recordTip(view, business.id, { tip: input.tip, inSats, total })
      }
      return withTip(view)
    },

    get,

    /** The payment now and after each change, until it is final. */
    async *follow(
      caller: TerminalCaller,
      id: string,
      signal: AbortSignal | undefined,
      lastEventId?: string | null,
    ) {
      await ownRow(caller, id)
      yield* payments.follow(caller.device.businessId, id, signal, lastEventId)
    },

    /** Cancels a payment of this device still waiting (the till's cancel). */
    async cancel(caller: TerminalCaller, id: string) {
      await deps.pos.cancel(caller, id)
      return get(caller, id)
    },

    async receipt(caller: TerminalCaller, id: string) {
      return receiptOf(await ownRow(caller, id))
    },

    /** A settled payment's receipt, for the customer who scanned its token. */
    async publicReceipt(token: string) {
      const id = token.slice(0, 36)
      const signature = token.slice(36)
      const expected = Buffer.from(signatureOf(id))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound()
      const business = await repo.businessOf(id)
      const row = business && (await deps.paymentRepo.find(business.id, id))
      if (!row || row.status !== 'settled') throw notFound()
      const { token: _t, url: _u, deviceName: _d, ...shown } = await receiptOf(row)
      return shown
    },
  }
}

export type TerminalService = ReturnType<typeof createTerminalService>

/**
 * The point-of-sale integration: a till authenticates as one of the business's devices (its
 * credentials with HTTP Basic, or a bearer session token) and names the payment terminal's
 * merchant id in `X-Merchant-Id`, which must be the device's. Payments are made by the one
 * payment flow (`payments` service), recorded with the device, the staff member signed in on
 * the session and the till's order reference; a device sees only its own payments.
 */
import type { TPosCreatePayment, TPosPayment } from '@app/domain'
import { requireBusinessAreaOpen } from '../../lib/business-area'
import { DomainError } from '../../lib/errors'
import type { PgEventBus } from '../../lib/pg-events'
import { type DeviceService, watchDeviceAccess } from '../devices'
import {
  type PaymentRepo,
  type PaymentRow,
  type PaymentService,
  paymentView,
  type PaymentView,
} from '../payments'
import { createPosAuth, type PosCaller, type PosRequestCaller } from './auth'
import type { PosRepo } from './repo'

export type { PosCaller, PosRequestCaller } from './auth'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function posPayment(view: PaymentView, orderReference: string | null): TPosPayment {
  return {
    id: view.id,
    status: view.status,
    method: view.method,
    amountSat: view.amountSat,
    receivedSat: view.receivedSat,
    fiatMinor: view.fiatMinor,
    currency: view.currency,
    memo: view.memo,
    orderReference,
    paymentRequest: view.paymentRequest,
    address: view.address,
    bip21: view.bip21,
    expiresAt: iso(view.expiresAt),
    settledAt: iso(view.settledAt),
    failureReason: view.failureReason,
    createdAt: view.createdAt.toISOString(),
  }
}

const notFound = () => new DomainError('NOT_FOUND', 'Payment not found')

export function createPosService(deps: {
  repo: PosRepo
  devices: DeviceService
  payments: PaymentService
  paymentRepo: PaymentRepo
  /** announcements of device changes, which end a revoked device's streams */
  bus: PgEventBus
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, devices, payments } = deps

  async function ownRow(caller: PosCaller, id: string): Promise<PaymentRow> {
    const row = await deps.paymentRepo.find(caller.device.businessId, id)
    if (!row || row.deviceId !== caller.device.id) throw notFound()
    return row
  }

  return {
    /** The device behind the request's headers (see `auth.ts`). */
    authenticate: createPosAuth(devices),

    /** A bearer session for a till, so the secret is not sent with every call. */
    async signIn(loginId: string, secret: string) {
      const { token, expiresAt } = await devices.signIn(loginId, secret, 'bearer')
      return { token, expiresAt: expiresAt.toISOString() }
    },

    async create(
      caller: PosCaller,
      input: Required<Omit<TPosCreatePayment, 'orderReference'>> & { orderReference?: string },
      signal?: AbortSignal,
    ): Promise<TPosPayment> {
      const business = await repo.business(caller.device.businessId)
      if (!business) throw notFound()
      requireBusinessAreaOpen(business.onboardingStep)
      if (input.currency !== 'SAT' && input.currency !== (business.currency ?? 'USD')) {
        throw new DomainError('VALIDATION', "The currency must be SAT or the business's own", {
          currency: business.currency,
        })
      }
      const orderReference = input.orderReference ?? null
      const request = {
        amount: input.currency === 'SAT' ? { sat: input.amount } : { fiatMinor: input.amount },
        memo: input.memo,
        // a key is the device's own: another device using the same key gets its own payment
        idempotencyKey: `pos:${caller.device.id}:${input.idempotencyKey}`,
        origin: { deviceId: caller.device.id, staffId: caller.staffId, orderReference },
      }
      const view =
        input.method === 'lightning'
          ? await payments.createLightning(business, request, signal)
          : await payments.createOnchain(business, request, signal)
      const row = await ownRow(caller, view.id)
      await repo.announceNew(row.id)
      return posPayment(paymentView(row), row.orderReference)
    },

    async get(caller: PosCaller, id: string): Promise<TPosPayment> {
      const row = await ownRow(caller, id)
      return posPayment(paymentView(row), row.orderReference)
    },

    async cancel(caller: PosCaller, id: string): Promise<TPosPayment> {
      await ownRow(caller, id)
      if (!(await repo.cancel(caller.device.businessId, caller.device.id, id))) {
        throw new DomainError(
          'PAYMENT_NOT_CANCELLABLE',
          'Only a payment still waiting can be cancelled',
        )
      }
      const row = await ownRow(caller, id)
      return posPayment(paymentView(row), row.orderReference)
    },

    /**
     * The payment now and after each change, until it is final, the client goes away, or the
     * credentials the stream was opened with stop working (signed out, regenerated, deleted).
     */
    async *follow(caller: PosRequestCaller, id: string, signal: AbortSignal) {
      const row = await ownRow(caller, id)
      const access = await watchDeviceAccess(
        deps.bus,
        caller.device.id,
        caller.stands,
        signal,
        deps.log,
      )
      try {
        const views = payments.follow(caller.device.businessId, id, access.signal)
        for await (const view of views) {
          if (access.signal.aborted) return
          yield posPayment(view, row.orderReference)
        }
      } finally {
        access.close()
      }
    },
  }
}

export type PosService = ReturnType<typeof createPosService>

/**
 * What an open terminal is told without asking: its session ended (revoked, regenerated or
 * deleted in the dashboard: back to pairing), its staff member changed, the owner switched its
 * kiosk mode, or a till opened, cancelled or finished a payment for it (kiosk). Driven by
 * pg_notify (payments of the business, and the device's own changes), so a change on any
 * instance reaches it; looked at again every half minute too, for a session that simply expired.
 * The terminal's other streams end with its session (`whileSignedIn`).
 */
import { createHash } from 'node:crypto'
import type { PgEventBus } from '../../lib/pg-events'
import { DEVICE_EVENTS_CHANNEL, type DeviceSessionInfo, watchDeviceAccess } from '../devices'
import {
  PAYMENT_EVENTS_CHANNEL,
  type PaymentRepo,
  paymentView,
  type PaymentView,
} from '../payments'
import type { TerminalRepo } from './repo'

const RECHECK_MS = 30_000

export type TerminalEvent =
  | { signedIn: false }
  | {
      signedIn: true
      staffId: string | null
      /** the device's kiosk mode as it is now (the owner may switch it at any time) */
      kiosk: boolean
      tillPayment: PaymentView | null
    }

const terminalEventId = (e: TerminalEvent) =>
  createHash('sha256').update(JSON.stringify(e)).digest('base64url').slice(0, 22)

export function createTerminalEvents(deps: {
  repo: TerminalRepo
  paymentRepo: PaymentRepo
  bus: PgEventBus
  log?: (msg: string, err?: unknown) => void
}) {
  async function read(session: DeviceSessionInfo): Promise<TerminalEvent> {
    const { device } = session
    const now = await deps.repo.session(session.idHash)
    if (!now) return { signedIn: false }
    const id = await deps.repo.openTillPayment(device.businessId, device.id)
    const row = id ? await deps.paymentRepo.find(device.businessId, id) : undefined
    return {
      signedIn: true,
      staffId: now.staffId,
      kiosk: now.isKiosk,
      tillPayment: row ? paymentView(row) : null,
    }
  }

  /** The terminal's state now and after each change; ends once the session has ended. */
  async function* follow(
    session: DeviceSessionInfo,
    signal: AbortSignal | undefined,
    lastEventId?: string | null,
  ): AsyncGenerator<{ id: string; event: TerminalEvent }> {
    const { device } = session
    let pending = true
    let wake: (() => void) | null = null
    const poke = () => {
      pending = true
      wake?.()
    }
    const offPayments = await deps.bus.subscribe(PAYMENT_EVENTS_CHANNEL, (payload) => {
      if ((payload as { businessId?: string }).businessId === device.businessId) poke()
    })
    const offDevice = await deps.bus.subscribe(DEVICE_EVENTS_CHANNEL, (payload) => {
      if ((payload as { deviceId?: string }).deviceId === device.id) poke()
    })
    signal?.addEventListener('abort', poke)
    let last = lastEventId ?? null
    try {
      while (!signal?.aborted) {
        if (!pending) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, RECHECK_MS)
            function done() {
              clearTimeout(timer)
              wake = null
              resolve()
            }
            wake = done
          })
          if (signal?.aborted) return
        }
        pending = false
        const event = await read(session)
        const id = terminalEventId(event)
        if (id !== last) {
          last = id
          yield { id, event }
        }
        if (!event.signedIn) return
      }
    } finally {
      offPayments()
      offDevice()
      signal?.removeEventListener('abort', poke)
    }
  }

  /**
   * A signal for one of the terminal's streams: aborts with `signal`, or within moments of the
   * device's session ending (signed out, regenerated or deleted on any instance).
   */
  function whileSignedIn(session: DeviceSessionInfo, signal: AbortSignal | undefined) {
    const stands = async () => (await deps.repo.session(session.idHash)) !== undefined
    return watchDeviceAccess(deps.bus, session.device.id, stands, signal, deps.log)
  }

  return { follow, whileSignedIn }
}

export type TerminalEvents = ReturnType<typeof createTerminalEvents>

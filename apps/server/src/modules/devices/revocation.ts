/**
 * A device's open streams end with its access: whenever a change of the device is announced on
 * its channel (signed out, credentials regenerated, deleted, its settings changed) and every half
 * minute (a session that simply expired), the stream's owner is asked whether the access it
 * opened with still stands; once it does not, the signal given out aborts.
 */
import type { PgEventBus } from '../../lib/pg-events'
import { DEVICE_EVENTS_CHANNEL } from './repo'

const RECHECK_MS = 30_000

export interface DeviceAccessWatch {
  /** aborts when the caller's signal does, or once the device's access has ended */
  signal: AbortSignal
  close(): void
}

/**
 * Watches a device's access: `stands` answers whether the credentials or session a stream was
 * opened with are still good. Looked at once right away (a change between the stream's sign-in
 * and this watch is not missed), then on each announcement for the device.
 */
export async function watchDeviceAccess(
  bus: PgEventBus,
  deviceId: string,
  stands: () => Promise<boolean>,
  signal: AbortSignal | undefined,
  log?: (msg: string, err?: unknown) => void,
): Promise<DeviceAccessWatch> {
  const ended = new AbortController()
  let checking = false
  let again = false
  const check = async () => {
    if (checking) {
      again = true
      return
    }
    checking = true
    try {
      do {
        again = false
        if (ended.signal.aborted) return
        if (!(await stands())) ended.abort()
      } while (again)
    } catch (err) {
      // Not knowing is not an answer: the next announcement or recheck asks again.
      log?.('device access check failed', err)
    } finally {
      checking = false
    }
  }
  const off = await bus.subscribe(DEVICE_EVENTS_CHANNEL, (payload) => {
    if ((payload as { deviceId?: string }).deviceId === deviceId) void check()
  })
  const timer = setInterval(() => void check(), RECHECK_MS)
  timer.unref()
  const onAbort = () => ended.abort()
  if (signal?.aborted) ended.abort()
  signal?.addEventListener('abort', onAbort)
  const close = () => {
    off()
    clearInterval(timer)
    signal?.removeEventListener('abort', onAbort)
  }
  ended.signal.addEventListener('abort', close, { once: true })
  await check()
  return { signal: ended.signal, close }
}

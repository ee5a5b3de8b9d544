/**
 * Pieces every wallet adapter needs: reading a BOLT11, waiting that ends when watching stops,
 * uniform "did not answer" errors, and handing settlements to the caller one at a time, once.
 */
import bolt11 from 'bolt11'
import { WalletUnavailableError, WalletUnsupportedError, type Settlement } from './wallet'

interface DecodedBolt11 {
  /** hex */
  paymentHash: string
  amountSat: number
  expiresAt: Date
  description: string | null
  /** hex */
  descriptionHash: string | null
}

export function decodeBolt11(paymentRequest: string): DecodedBolt11 {
  const decoded = bolt11.decode(paymentRequest)
  const tag = (name: string) => decoded.tags.find((t) => t.tagName === name)?.data
  const paymentHash = tag('payment_hash')
  if (typeof paymentHash !== 'string') throw new Error('The invoice carries no payment hash')
  const createdSec = decoded.timestamp ?? 0
  const expirySec = typeof tag('expire_time') === 'number' ? (tag('expire_time') as number) : 3600
  const description = tag('description')
  const descriptionHash = tag('purpose_commit_hash')
  return {
    paymentHash,
    amountSat: Math.floor(Number(decoded.millisatoshis ?? 0) / 1000),
    expiresAt: new Date((decoded.timeExpireDate ?? createdSec + expirySec) * 1000),
    description: typeof description === 'string' ? description : null,
    descriptionHash: typeof descriptionHash === 'string' ? descriptionHash : null,
  }
}

/** Waits ms, or less when the signal aborts; never throws. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

/** Races work against the caller's signal (for transports that take none). */
export function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work
  if (signal.aborted) return Promise.reject(new WalletUnavailableError('The request was aborted'))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new WalletUnavailableError('The request was aborted'))
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** The backend's failure as a WalletUnavailableError, keeping its message and cause. */
export function unavailable(err: unknown, what: string): Error {
  if (err instanceof WalletUnavailableError || err instanceof WalletUnsupportedError) return err
  const reason = err instanceof Error ? err.message : String(err)
  const wrapped = new WalletUnavailableError(`${what}: ${reason}`)
  wrapped.cause = err
  return wrapped
}

/**
 * Hands settlements to the caller in order and at most once per watch run. A hash is
 * remembered only after onSettlement resolved, so a failed hand-over is tried again when the
 * same settlement is seen again.
 */
export class SettlementQueue {
  readonly #delivered = new Set<string>()
  #tail: Promise<void> = Promise.resolve()

  constructor(
    private readonly onSettlement: (s: Settlement) => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  has(paymentHash: string): boolean {
    return this.#delivered.has(paymentHash)
  }

  /** Resolves true once delivered (or already delivered), false when onSettlement failed. */
  push(s: Settlement): Promise<boolean> {
    const run = this.#tail.then(async () => {
      if (this.#delivered.has(s.paymentHash)) return true
      try {
        await this.onSettlement(s)
        this.#delivered.add(s.paymentHash)
        return true
      } catch (err) {
        this.onError(err)
        return false
      }
    })
    this.#tail = run.then(() => undefined)
    return run
  }

  /** Resolves when everything pushed so far was handled. */
  drain(): Promise<void> {
    return this.#tail
  }
}

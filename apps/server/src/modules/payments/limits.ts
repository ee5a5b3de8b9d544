/**
 * How far one business's wallet can hold up the others: every wallet call a watcher or sweep
 * makes has a deadline, and businesses are worked on a few at a time, each on its own.
 */
import type { Wallet } from '../../wallets/wallet'
import type { WalletProvider } from '../../wallets/wallet-provider'

/** The deadline of one wallet call made in the background (a lookup, an address's receipts). */
export const DEFAULT_WALLET_CALL_MS = 10_000
/** How many businesses' wallets are asked at once by one watcher or sweep. */
export const DEFAULT_BUSINESS_CONCURRENCY = 8

class WalletDeadlineError extends Error {
  constructor(ms: number) {
    super(`The wallet did not answer within ${ms} ms`)
    this.name = 'WalletDeadlineError'
  }
}

/**
 * Runs `call` with a signal that aborts after `ms` (or with `parent`), and gives up waiting at
 * that moment even if the wallet ignores its signal.
 */
export function withDeadline<T>(
  ms: number,
  call: (signal: AbortSignal) => Promise<T>,
  parent?: AbortSignal,
): Promise<T> {
  const controller = new AbortController()
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      cleanup()
      const err: unknown = parent?.aborted ? parent.reason : new WalletDeadlineError(ms)
      controller.abort(err)
      reject(err instanceof Error ? err : new WalletDeadlineError(ms))
    }
    const timer = setTimeout(onAbort, ms)
    const cleanup = () => {
      clearTimeout(timer)
      parent?.removeEventListener('abort', onAbort)
    }
    if (parent?.aborted) return onAbort()
    parent?.addEventListener('abort', onAbort, { once: true })
    call(controller.signal).then(
      (value) => {
        cleanup()
        resolve(value)
      },
      (err: unknown) => {
        cleanup()
        reject(err instanceof Error ? err : new Error(String(err)))
      },
    )
  })
}

/** The business's wallet, within the deadline (building one may connect to its relay). */
export function walletWithin(
  wallets: WalletProvider,
  businessId: string,
  ms: number,
): Promise<Wallet | null> {
  return withDeadline(ms, () => wallets.forBusiness(businessId))
}

/**
 * A gate letting at most `max` tasks run at once; the others wait their turn in order. A task's
 * failure is its caller's alone.
 */
export function createLimiter(max: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    // A finished task hands its place straight to the next in line.
    if (active < max) active += 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active -= 1
    }
  }
}

/** Runs `work` for every item, at most `max` at once; a failure is logged and ends only its own. */
export async function forEachIsolated<T>(
  items: Iterable<T>,
  max: number,
  work: (item: T) => Promise<void>,
  onError: (item: T, err: unknown) => void,
): Promise<void> {
  const limited = createLimiter(max)
  await Promise.all(
    [...items].map((item) => limited(() => work(item)).catch((err: unknown) => onError(item, err))),
  )
}

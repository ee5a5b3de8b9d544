import type { SimClock } from './api'

interface ManagedClock extends SimClock {
  /** Cancels every pending timer (world shutdown). */
  stop(): void
}

export function createClock(timeScale: number): ManagedClock {
  const timers = new Set<NodeJS.Timeout>()
  let isStopped = false
  return {
    now: () => Date.now(),
    scaled: (nominalMs) => Math.max(0, Math.round(nominalMs * timeScale)),
    after(nominalMs, fn) {
      if (isStopped) return { cancel() {} }
      const timer = setTimeout(
        () => {
          timers.delete(timer)
          fn()
        },
        Math.max(0, Math.round(nominalMs * timeScale)),
      )
      timers.add(timer)
      return {
        cancel() {
          clearTimeout(timer)
          timers.delete(timer)
        },
      }
    },
    stop() {
      isStopped = true
      for (const t of timers) clearTimeout(t)
      timers.clear()
    },
  }
}

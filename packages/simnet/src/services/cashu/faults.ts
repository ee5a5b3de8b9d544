/**
 * Faults a test or a demo can switch on at the mint: an answer delayed or dropped (the mint did
 * the work, the wallet never hears of it), and a slow Lightning payment behind every melt (the
 * melt quote reads PENDING meanwhile), as a real mint behind a flaky network or a slow route.
 */
import type { FastifyReply } from 'fastify'

export const FAULT_ROUTES = ['swap', 'melt', 'restore', 'melt-quote'] as const
export type FaultRoute = (typeof FAULT_ROUTES)[number]

export interface ReplyFault {
  /** `drop`: the connection is closed instead of answering; `delay`: the answer is held back */
  mode: 'drop' | 'delay'
  /** held back this long before answering (or dropping) */
  delayMs: number
  /** how many answers it applies to */
  times: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export class MintFaults {
  private readonly replies = new Map<FaultRoute, ReplyFault>()
  /** how long each melt's Lightning payment takes */
  paymentDelayMs = 0

  setReply(route: FaultRoute, fault: ReplyFault | null): void {
    if (fault && fault.times > 0) this.replies.set(route, { ...fault })
    else this.replies.delete(route)
  }

  clear(): void {
    this.replies.clear()
    this.paymentDelayMs = 0
  }

  snapshot(): { replies: Partial<Record<FaultRoute, ReplyFault>>; paymentDelayMs: number } {
    return { replies: Object.fromEntries(this.replies), paymentDelayMs: this.paymentDelayMs }
  }

  /** Holds the melt's payment back while a delay is set. */
  async beforePayment(): Promise<void> {
    if (this.paymentDelayMs > 0) await sleep(this.paymentDelayMs)
  }

  /**
   * The answer of `route`, after its work is done: as is, later, or never (the connection is
   * closed; the returned reply tells fastify it was handled).
   */
  async answer<T>(route: FaultRoute, reply: FastifyReply, result: T): Promise<T | FastifyReply> {
    const fault = this.replies.get(route)
    if (!fault) return result
    fault.times -= 1
    if (fault.times <= 0) this.replies.delete(route)
    if (fault.delayMs > 0) await sleep(fault.delayMs)
    if (fault.mode === 'delay') return result
    reply.hijack()
    reply.raw.destroy()
    return reply
  }
}

/** Small helpers the server's tests share: expected refusals, and waiting for a state. */
import { TRPCError } from '@trpc/server'
import { setTimeout as sleep } from 'node:timers/promises'
import { DomainError } from '../src/lib/errors'

/** The TRPCError a call fails with; fails the test when the call succeeds. */
export async function rejection(p: Promise<unknown>): Promise<TRPCError> {
  try {
    await p
  } catch (e) {
    if (e instanceof TRPCError) return e
    throw e
  }
  throw new Error('expected the call to fail')
}

/**
 * The stable code the web sees: a domain error's own, VALIDATION for refused input, else the
 * transport code (as the server's error formatter decides).
 */
export const appCode = (e: TRPCError): string =>
  e.cause instanceof DomainError ? e.cause.code : e.code === 'BAD_REQUEST' ? 'VALIDATION' : e.code

/** Reads until ok says yes, or fails after ms with the last value read. */
export async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (ok(v)) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`)
    await sleep(50)
  }
}

/**
 * What the audit-log tests share: a member's session in a browser that names its user agent and
 * address (so an event's "from where" can be checked), and the business's events, with checks
 * that an act wrote exactly one, or (refused) none.
 */
import { expect } from 'vitest'
import { appCode, rejection } from './assertions'
import type { TestBrowser, TestEnv } from './harness'

/** `b`'s session, from `ip` with the user agent `userAgent`. */
export function fromDesk(
  env: TestEnv,
  b: TestBrowser,
  desk: { ip: string; userAgent: string },
): TestBrowser {
  const browser = env.browser({ ip: desk.ip, headers: { 'user-agent': desk.userAgent } })
  for (const [name, value] of b.cookies) browser.cookies.set(name, value)
  return browser
}

export function auditEventsOf(env: TestEnv, businessId: string) {
  const events = () =>
    env.database.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('businessId', '=', businessId)
      .orderBy('at')
      .orderBy('id')
      .execute()

  return {
    events,
    /** Runs `act` and returns the one event it wrote (fails if it wrote none or more). */
    oneEvent: async (act: () => Promise<unknown>) => {
      const before = (await events()).length
      await act()
      const after = await events()
      expect(after.length - before).toBe(1)
      return after.at(-1)!
    },
    /** Runs `act`, expects it refused with `code`, and no event written. */
    noEvent: async (code: string, act: () => Promise<unknown>) => {
      const before = (await events()).length
      expect(appCode(await rejection(act()))).toBe(code)
      expect((await events()).length).toBe(before)
    },
  }
}

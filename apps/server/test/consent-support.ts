/** What the consent tests share: the operator's commands, the audit, and a clock they move. */
import { runPayoutLimitsCommand } from '../src/modules/consent/cli'
import { runDenylistCommand } from '../src/modules/screening/cli'
import type { TestEnv } from './harness'
import type { TestSimnet } from './simnet'

const quiet = { log: () => {}, error: () => {} }

/** A clock the test moves: the consent policy reads it (step-ups, the day's window). */
export function testClock() {
  let offsetMs = 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms
    },
  }
}

export async function deny(env: TestEnv, address: string): Promise<void> {
  const code = await runDenylistCommand(
    env.database.db,
    ['deny-address', address, '--reason', 'Fraud case 7'],
    quiet,
  )
  if (code !== 0) throw new Error(`deny-address answered ${code}`)
}

export const flag = (net: TestSimnet, address: string) =>
  net.control('POST', '/screening/flag', { address })

/** Runs `body` while the sanctions API is down. */
export async function withScreeningDown<T>(net: TestSimnet, body: () => Promise<T>): Promise<T> {
  await net.control('POST', '/screening/outage', { down: true })
  try {
    return await body()
  } finally {
    await net.control('POST', '/screening/outage', { down: false })
  }
}

/** `payout-limits` as the operator runs it; its output lines. */
export async function payoutLimits(env: TestEnv, args: string[]): Promise<string[]> {
  const out: string[] = []
  const io = { log: (s: string) => out.push(s), error: (s: string) => out.push(s) }
  const code = await runPayoutLimitsCommand(env.database.db, ['payout-limits', ...args], io)
  if (code !== 0) throw new Error(`payout-limits answered ${code}: ${out.join(' ')}`)
  return out
}

/** The consent decisions of a business, oldest first. */
export const decisions = (env: TestEnv, businessId: string) =>
  env.database.db
    .selectFrom('consentDecisions')
    .select(['action', 'outcome', 'reason', 'destination', 'amountSat', 'actor'])
    .where('businessId', '=', businessId)
    .orderBy('id')
    .execute()

/**
 * What the refund and end-of-day tests share: a server listening on a known port (so the LNURLs
 * it makes reach it), shops with an NWC wallet and a terminal signed in with staff who may or
 * may not refund, and LNURL-withdraw claims by simnet's payer.
 */
import { randomUUID } from 'node:crypto'
import { nwcBusiness } from './businesses'
import type { Scenario, ScenarioOptions } from './harness'
import { withTerminal } from './terminal-fixture'

/** The refund tests' scenario: simnet with its screening API, and the server listening. */
export const SHOP_SERVER: ScenarioOptions = {
  simnet: true,
  screening: true,
  realtime: true,
  http: 'listen',
  watcherOptions: { leaseMs: 1_500, renewMs: 300 },
}

/** A shop on an NWC wallet, its terminal signed in with Rita (every permission). */
export async function shopWithTerminal(w: Pick<Scenario, 'env' | 'net'>) {
  return withTerminal(w, await nwcBusiness(w.env, w.net))
}

/** What the terminal sends for a refund of `sat` paid through an LNURL-withdraw. */
export function lnurlRefund(paymentId: string, sat: number, idempotencyKey = randomUUID()) {
  return {
    paymentId,
    basis: 'sat' as const,
    amount: sat,
    payout: { kind: 'lnurl' as const },
    idempotencyKey,
  }
}

/** The payer claims an LNURL-withdraw through simnet's control API. */
export function claim(w: Pick<Scenario, 'net'>, lnurl: string, wait = true) {
  return w.net.control<{ amountSat: number; paymentHash: string; state: string }>(
    'POST',
    '/lnurl-withdraw',
    { lnurl, wait },
  )
}

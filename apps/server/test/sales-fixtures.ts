/** Test data for the sales views: payments written as the payments core writes them. */
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../src/db/database'
import type { PaymentMethod, PaymentStatus } from '../src/db/schema'
import { createPaymentRepo, OPEN_STATUSES } from '../src/modules/payments/repo'
import { uniqueEmail, type TestEnv } from './test-env'

export interface SeedPayment {
  method?: PaymentMethod
  status?: Exclude<PaymentStatus, 'settled'>
  amountSat?: number
  fiatMinor?: number | null
  memo?: string
  /** ISO 8601; may carry microseconds, which a JavaScript Date cannot */
  createdAt: string
  currency?: string
  paymentHash?: string | null
  txid?: string | null
}

/** Inserts one open payment with the given creation time; returns its id. */
export async function insertPayment(db: Db, businessId: string, p: SeedPayment): Promise<string> {
  const row = await db
    .insertInto('payments')
    .values({
      businessId,
      method: p.method ?? 'lightning',
      status: p.status ?? 'pending',
      amountSat: p.amountSat ?? 1000,
      currency: p.currency ?? 'GBP',
      fiatMinor: p.fiatMinor === undefined ? 50 : p.fiatMinor,
      memo: p.memo ?? '',
      paymentHash: p.paymentHash ?? null,
      txid: p.txid ?? null,
      // Open as after the wallet answered (an address to follow), so the deadline sweep does not
      // fail it as a request whose wallet never answered; the sales views do not show addresses.
      address: (OPEN_STATUSES as readonly string[]).includes(p.status ?? 'pending')
        ? `bcrt1q${randomBytes(16).toString('hex')}`
        : null,
      createdAt: sql<Date>`${p.createdAt}::timestamptz`,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Settles through the payments core, so the daily totals move as in production. */
export async function settlePayment(
  db: Db,
  id: string,
  settledAt: Date,
  receivedSat: number,
  fiatMinor: number | null = null,
) {
  const row = await createPaymentRepo(db).settle(id, { receivedSat, settledAt, fiatMinor })
  if (!row) throw new Error(`payment ${id} was not settled`)
  return row
}

/** A signed-in owner with one business; `cookie` is their session for plain HTTP calls. */
export async function ownerWithBusiness(env: TestEnv, name = 'Corner Café') {
  const browser = env.browser()
  await browser.caller.auth.signUp({
    email: uniqueEmail('sales'),
    password: 'correct horse battery',
  })
  const business = await browser.caller.businesses.create({ name })
  const cookie = `sid=${browser.cookies.get('sid') ?? ''}`
  return { ...browser, businessId: business.id, cookie }
}

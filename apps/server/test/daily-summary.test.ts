/**
 * The daily sales summary: an owner who turns it on receives one mail for each day that ended
 * (a UTC day, as the sales dashboard's), in their language, with the day's settled payments,
 * their sats and fiat, the tips among them and the split by method; a day without sales says
 * so. The job may run any number of times, on any number of servers: one mail. Only owners may
 * turn it on, only owners receive it (checked when it is sent), only at a verified address.
 * The clock is the test's; mails are read back from a real SMTP server.
 */
import { sql } from 'kysely'
import type { ParsedMail } from 'mailparser'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { LANGUAGE_COOKIE } from '../src/modules/recovery/service'
import { renderMail } from '../src/mail/templates'
import { MAIL_LOCALES } from '../src/mail/templates'
import { appCode, rejection, until } from './assertions'
import { scenario, uniqueEmail, type TestBrowser } from './harness'
import { startTestSmtp } from './mail-support'
import { insertPayment, settlePayment } from './sales-fixtures'

const smtp = await startTestSmtp()
/** The test's clock: every service reads it. */
let clock = new Date('2026-11-20T09:00:00Z')
const t = await scenario({
  env: { SMTP_URL: smtp.url, BRAND_NAME: 'Test Pay' },
  clock: () => clock,
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})
const { env } = t
const db = env.database.db
const summaries = env.services.dailySummary
const password = 'correct horse battery'
const publicUrl = env.config.publicUrl

type Person = TestBrowser & { email: string; id: string }

/** A person signed up in `lang` who opened the verification link of their mail (or not). */
async function person(lang: string, verified = true): Promise<Person> {
  const b = env.browser()
  b.cookies.set(LANGUAGE_COOKIE, lang)
  const email = uniqueEmail(`summary-${lang}`)
  const { id } = await b.caller.auth.signUp({ email, password })
  if (verified) {
    const link = smtp.linkIn((await smtp.mailsTo(email))[0]!, `${publicUrl}/link/verify-email/`)
    await env.browser().caller.recovery.verifyEmail({ token: link.split('/').pop()! })
  }
  return { ...b, email, id }
}

async function businessOf(owner: Person, name: string): Promise<string> {
  const { id } = await owner.caller.businesses.create({ name })
  await db.updateTable('businesses').set({ currency: 'EUR' }).where('id', '=', id).execute()
  return id
}

async function join(owner: Person, businessId: string, role: 'admin' | 'manager' | 'accountant') {
  const m = await person('en')
  const { link } = await owner.caller.team.invite({ businessId, data: { email: m.email, role } })
  await m.caller.team.accept({ token: new URL(link).pathname.split('/').pop() ?? '' })
  return m
}

/** A payment settled at `settledAt`, with a terminal's tip when given. */
async function sale(
  businessId: string,
  p: {
    method?: 'lightning' | 'onchain' | 'ecash' | 'tip'
    sat: number
    fiatMinor: number
    settledAt: string
    tip?: { sat: number; fiatMinor: number }
  },
) {
  const at = new Date(p.settledAt)
  const created = new Date(at.getTime() - 60_000).toISOString()
  const id = await insertPayment(db, businessId, {
    method: p.method ?? 'lightning',
    amountSat: p.sat,
    fiatMinor: p.fiatMinor,
    currency: 'EUR',
    createdAt: created,
  })
  if (p.tip) {
    await db
      .insertInto('paymentTips')
      .values({
        paymentId: id,
        businessId,
        tipSat: p.tip.sat,
        tipFiatMinor: p.tip.fiatMinor,
        createdAt: new Date(created),
      })
      .execute()
  }
  await settlePayment(db, id, at, p.sat, p.fiatMinor)
}

const summariesTo = (email: string) =>
  sql<{ n: number }>`SELECT count(*)::int AS n FROM mail_outbox
    WHERE to_address = ${email} AND template = 'daily-summary'`
    .execute(db)
    .then((r) => r.rows[0]?.n ?? 0)

/** The summaries an address received, once there are at least `count`. */
const summaryMails = (email: string, count = 1): Promise<ParsedMail[]> =>
  until(
    () =>
      Promise.resolve(
        smtp.received
          .filter((r) => r.to.includes(email) && (r.parsed.text ?? '').includes('/sales/dashboard'))
          .map((r) => r.parsed),
      ),
    (m) => m.length >= count,
    `${count} summaries to ${email}`,
  )

// Day one, 2026-11-20: the German owner of Corner Café turns the summary on; an owner who
// will give their business away turns theirs on too; the owner who receives it does so later.
const owner = await person('de')
const cafe = await businessOf(owner, 'Corner Café')
const leaving = await person('fr')
const bakery = await businessOf(leaving, 'Harbour Bakery')
const unverified = await person('en', false)
const kiosk = await businessOf(unverified, 'Beach Kiosk')

describe('turning it on', () => {
  it('is each owner’s own choice, off until they turn it on', async () => {
    expect(await owner.caller.dailySummary.get({ businessId: cafe })).toEqual({
      on: false,
      emailVerified: true,
    })
    expect(await owner.caller.dailySummary.set({ businessId: cafe, on: true })).toEqual({
      on: true,
      emailVerified: true,
    })
    expect(await owner.caller.dailySummary.get({ businessId: cafe })).toMatchObject({ on: true })
    await leaving.caller.dailySummary.set({ businessId: bakery, on: true })
    // an unverified owner may turn it on, and is told their address is not verified yet
    expect(await unverified.caller.dailySummary.set({ businessId: kiosk, on: true })).toEqual({
      on: true,
      emailVerified: false,
    })
  })

  it('is refused to every other role, with nothing changed', async () => {
    for (const role of ['admin', 'manager', 'accountant'] as const) {
      const m = await join(owner, cafe, role)
      for (const on of [true, false]) {
        const err = await rejection(m.caller.dailySummary.set({ businessId: cafe, on }))
        expect(appCode(err)).toBe('ROLE_NOT_ALLOWED')
      }
      expect(appCode(await rejection(m.caller.dailySummary.get({ businessId: cafe })))).toBe(
        'ROLE_NOT_ALLOWED',
      )
      const rows = await db
        .selectFrom('dailySummarySubscriptions')
        .selectAll()
        .where('userId', '=', m.id)
        .execute()
      expect(rows).toEqual([])
    }
    // nor may anyone outside the business
    const stranger = await person('en')
    expect(
      appCode(await rejection(stranger.caller.dailySummary.set({ businessId: cafe, on: true }))),
    ).toBe('NOT_FOUND')
  })
})

describe('the day’s summary', () => {
  it('goes to an opted-in owner once, for yesterday, with its figures, in their language', async () => {
    // Corner Café's 20 November (UTC): three payments and a tip page's, one with a terminal tip
    await sale(cafe, { sat: 1000, fiatMinor: 50, settledAt: '2026-11-20T08:00:00Z' })
    await sale(cafe, {
      sat: 2000,
      fiatMinor: 100,
      settledAt: '2026-11-20T12:30:00Z',
      tip: { sat: 100, fiatMinor: 5 },
    })
    await sale(cafe, {
      method: 'onchain',
      sat: 5000,
      fiatMinor: 250,
      settledAt: '2026-11-20T23:59:00Z',
    })
    await sale(cafe, { method: 'tip', sat: 300, fiatMinor: 15, settledAt: '2026-11-20T17:00:00Z' })
    // the days around it are not the day's
    await sale(cafe, { sat: 7777, fiatMinor: 999, settledAt: '2026-11-19T23:59:59Z' })
    await sale(cafe, { sat: 8888, fiatMinor: 999, settledAt: '2026-11-21T00:00:01Z' })

    // the day has not ended: nothing
    clock = new Date('2026-11-20T22:00:00Z')
    expect(await summaries.sendDue()).toBe(0)
    // it has, but its last settlements may still be written: nothing yet
    clock = new Date('2026-11-21T00:05:00Z')
    expect(await summaries.sendDue()).toBe(0)
    expect(await summariesTo(owner.email)).toBe(0)

    // the next morning: one each for the café's and the bakery's owners, however many servers
    // run the job at that moment
    clock = new Date('2026-11-21T06:00:00Z')
    const runs = await Promise.all([summaries.sendDue(), summaries.sendDue(), summaries.sendDue()])
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2)
    const [mail, ...others] = await summaryMails(owner.email)
    expect(others).toEqual([])
    expect(mail!.subject).toBe('Corner Café: Umsätze am 20. November 2026 · Test Pay')
    expect(mail!.headers.get('content-language')).toBe('de')
    const text = mail!.text ?? ''
    expect(text).toContain('Corner Café hat am 20. November 2026 (UTC-Tag) 4 Zahlungen erhalten.')
    expect(text).toContain('Summe: 8.300 sats (4,15\u00a0€)')
    expect(text).toContain('Davon Trinkgeld: 400 sats (0,20\u00a0€) in 2 Zahlungen')
    // the split, the largest first
    const split = text.slice(text.indexOf('Nach Zahlungsart:'))
    expect(split).toMatch(
      /On-Chain: 1 Zahlung, 5\.000 sats \(2,50\u00a0€\)\n• Lightning: 2 Zahlungen, 3\.000 sats \(1,50\u00a0€\)\n• Trinkgeldseiten: 1 Zahlung, 300 sats \(0,15\u00a0€\)/,
    )
    expect(text).toContain(`${publicUrl}/${cafe}/sales/dashboard`)
    expect(mail!.html).toContain(`href="${publicUrl}/${cafe}/sales/dashboard"`)
  })

  it('is sent once however often the job runs, on however many servers at once', async () => {
    expect(await summaries.sendDue()).toBe(0)
    clock = new Date('2026-11-21T18:00:00Z')
    const runs = await Promise.all([summaries.sendDue(), summaries.sendDue(), summaries.sendDue()])
    expect(runs).toEqual([0, 0, 0])
    expect(await summariesTo(owner.email)).toBe(1)
    expect(await summariesTo(leaving.email)).toBe(1)
    // what the outbox delivered stays one mail
    await sleep(1500)
    expect(await summaryMails(owner.email)).toHaveLength(1)
    const sent = await sql<{ businessId: string; day: string }>`
      SELECT business_id AS "businessId", to_char(day, 'YYYY-MM-DD') AS day
      FROM daily_summaries_sent WHERE user_id = ${owner.id}`.execute(db)
    expect(sent.rows).toEqual([{ businessId: cafe, day: '2026-11-20' }])
  })

  it('says so on a day without sales', async () => {
    const [mail] = await summaryMails(leaving.email)
    expect(mail!.subject).toBe('Harbour Bakery : ventes du 20 novembre 2026 · Test Pay')
    expect(mail!.text).toContain('Harbour Bakery n’a encaissé aucun paiement le 20 novembre 2026')
    expect(mail!.text).not.toContain('Total')
  })

  it('goes to no address that is not verified', async () => {
    expect(await summariesTo(unverified.email)).toBe(0)
  })

  it('stops for an owner who is an owner no more, and starts for the new one', async () => {
    const next = await join(leaving, bakery, 'manager')
    await leaving.caller.team.transferOwnership({
      businessId: bakery,
      userId: next.id,
      proof: { password },
    })
    // the former owner's choice stays on file but gives nothing, and cannot be changed
    expect(
      appCode(await rejection(leaving.caller.dailySummary.set({ businessId: bakery, on: false }))),
    ).toBe('ROLE_NOT_ALLOWED')
    await next.caller.dailySummary.set({ businessId: bakery, on: true })
    await sale(bakery, {
      method: 'ecash',
      sat: 4200,
      fiatMinor: 210,
      settledAt: '2026-11-21T10:00:00Z',
    })

    clock = new Date('2026-11-22T07:00:00Z')
    // the café's owner has 21 November's (the sale after midnight), the bakery's new owner too
    expect(await summaries.sendDue()).toBe(2)
    expect(await summariesTo(leaving.email)).toBe(1)
    expect(await summariesTo(next.email)).toBe(1)
    const [mail] = await summaryMails(next.email)
    expect(mail!.subject).toBe('Harbour Bakery: sales on November 21, 2026 · Test Pay')
    expect(mail!.text).toContain('Harbour Bakery settled 1 payment on November 21, 2026 (UTC day).')
    expect(mail!.text).toContain('Total: 4,200 sats (€2.10)')
    expect(mail!.text).toContain('• Ecash: 1 payment, 4,200 sats (€2.10)')
    expect(mail!.text).not.toContain('Tips')
    const [, second] = await summaryMails(owner.email, 2)
    expect(second!.text).toContain('1 Zahlung erhalten')
    expect(second!.text).toContain('8.888 sats')
  })

  it('ends when the owner turns it off', async () => {
    await owner.caller.dailySummary.set({ businessId: cafe, on: false })
    clock = new Date('2026-11-23T07:00:00Z')
    expect(await summaries.sendDue()).toBe(1) // the bakery's owner only
    expect(await summariesTo(owner.email)).toBe(2)
  })
})

describe('the mail', () => {
  it('exists in en, de, es and fr', () => {
    const subjects = new Set<string>()
    for (const locale of MAIL_LOCALES) {
      const r = renderMail(
        {
          template: 'daily-summary',
          locale,
          data: {
            businessName: 'Shop <b>',
            day: '2026-11-20',
            currency: 'EUR',
            count: 2,
            amountSat: 3000,
            fiatMinor: 150,
            tips: { count: 1, amountSat: 100, fiatMinor: 5 },
            methods: [{ method: 'lightning', count: 2, amountSat: 3000, fiatMinor: 150 }],
            dashboardUrl: 'http://x/b/sales/dashboard',
          },
        },
        { brand: 'B' },
      )
      expect(r.html).toContain('Shop &lt;b&gt;')
      expect(r.html).toContain('<br>')
      subjects.add(r.subject)
    }
    expect(subjects.size).toBe(4)
  })
})

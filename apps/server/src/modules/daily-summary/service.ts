/**
 * The daily summary of sales: each owner of a business may have one mail a day with the last
 * day's settled payments (count, sats, the business's currency, tips, the split by method and a
 * link to the dashboard). Days are UTC days, as the sales dashboard's and the daily totals they
 * come from (a business has no time zone of its own). A day's summary is sent once its day has
 * ended and `SETTLE_GRACE_MS` more has passed (settlements of its last moments are written);
 * a day without sales is sent too, saying so, so the owner knows the mail did not go missing.
 *
 * Who receives it is decided when it is sent: an owner of the business at that moment, who
 * turned it on before the day ended, whose address is verified. Each summary is claimed once per
 * business, member and day in the transaction that writes its mail (`repo.claim`), so running
 * the job twice, or on two servers at once, sends one.
 */
import type { Transaction } from 'kysely'
import type { Database, PaymentMethod } from '../../db/schema'
import type { DailySummaryData, DailySummaryMethod } from '../../mail/templates'
import type { DailySummaryRepo, DueSummary } from './repo'

const DAY_MS = 86_400_000
/** How long after midnight (UTC) a day's summary waits for the day's last settlements. */
export const SETTLE_GRACE_MS = 15 * 60_000
/** Summaries written per batch of a run. */
const BATCH = 100
/** Records of queued summaries are kept this long; only the last day is ever sent. */
const SENT_KEPT_DAYS = 35

const utcDay = (d: Date) => d.toISOString().slice(0, 10)

/** One UTC day's settled totals for one method, as the sales views keep them. */
export interface DayTotalRow {
  method: PaymentMethod
  count: number
  amountSat: number
  fiatMinor: number
}

export interface DailySummaryDeps {
  repo: DailySummaryRepo
  /** the sales views' settled totals per UTC day and method */
  dailyTotals: (businessId: string, fromDay: string, toDay: string) => Promise<DayTotalRow[]>
  /** queues the mail in the claim's transaction */
  enqueueMail: (
    trx: Transaction<Database>,
    mail: { to: string; locale: string; data: DailySummaryData },
  ) => Promise<unknown>
  publicUrl: string
  now?: () => Date
  log?: (msg: string, err?: unknown) => void
}

export function createDailySummaryService(deps: DailySummaryDeps) {
  const { repo } = deps
  const now = deps.now ?? (() => new Date())

  async function figures(s: DueSummary, day: string): Promise<DailySummaryData> {
    const [rows, terminalTips] = await Promise.all([
      deps.dailyTotals(s.businessId, day, day),
      repo.terminalTips(s.businessId, day),
    ])
    const byMethod = new Map<PaymentMethod, DailySummaryMethod>()
    for (const r of rows) {
      const m = byMethod.get(r.method) ?? { method: r.method, count: 0, amountSat: 0, fiatMinor: 0 }
      m.count += r.count
      m.amountSat += r.amountSat
      m.fiatMinor += r.fiatMinor
      byMethod.set(r.method, m)
    }
    const methods = [...byMethod.values()]
      .filter((m) => m.count > 0)
      .sort((a, b) => b.amountSat - a.amountSat || b.count - a.count)
    const sum = (k: 'count' | 'amountSat' | 'fiatMinor') => methods.reduce((n, m) => n + m[k], 0)
    const tipPages = methods.find((m) => m.method === 'tip')
    return {
      businessName: s.businessName,
      day,
      currency: s.currency,
      count: sum('count'),
      amountSat: sum('amountSat'),
      fiatMinor: sum('fiatMinor'),
      tips: {
        count: terminalTips.count + (tipPages?.count ?? 0),
        amountSat: terminalTips.amountSat + (tipPages?.amountSat ?? 0),
        fiatMinor: terminalTips.fiatMinor + (tipPages?.fiatMinor ?? 0),
      },
      methods,
      dashboardUrl: new URL(`/${s.businessId}/sales/dashboard`, deps.publicUrl).toString(),
    }
  }

  return {
    /** Whether the member's summary is on, and whether their address can receive it. */
    async get(businessId: string, userId: string) {
      const [on, emailVerified] = await Promise.all([
        repo.isOn(businessId, userId),
        repo.emailVerified(userId),
      ])
      return { on, emailVerified }
    },

    /** Turns the member's summary on or off (the procedure lets owners only). */
    async set(businessId: string, userId: string, on: boolean) {
      await repo.set(businessId, userId, on, now())
      return { on, emailVerified: await repo.emailVerified(userId) }
    },

    /**
     * Queues the summaries of the last day that ended (and its grace) not yet queued; how many.
     * Safe to run any number of times, on any number of servers.
     */
    async sendDue(signal?: AbortSignal): Promise<number> {
      const at = now()
      const day = utcDay(new Date(at.getTime() - SETTLE_GRACE_MS - DAY_MS))
      const dayEnd = new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS)
      let queued = 0
      for (;;) {
        const due = await repo.due(day, dayEnd, BATCH)
        let queuedNow = 0
        for (const s of due) {
          if (signal?.aborted) return queued + queuedNow
          try {
            const data = await figures(s, day)
            const sent = await repo.transaction(async (trx) => {
              if (!(await repo.claim(trx, { businessId: s.businessId, userId: s.userId, day }))) {
                return false
              }
              await deps.enqueueMail(trx, { to: s.email, locale: s.locale, data })
              return true
            })
            if (sent) queuedNow++
          } catch (err) {
            deps.log?.(`daily summary of ${s.businessId} not queued`, err)
          }
        }
        queued += queuedNow
        // A batch of which none could be queued is not asked for again in this run.
        if (due.length < BATCH || queuedNow === 0) break
      }
      await repo.forgetBefore(utcDay(new Date(at.getTime() - SENT_KEPT_DAYS * DAY_MS)))
      return queued
    },
  }
}

export type DailySummaryService = ReturnType<typeof createDailySummaryService>

/**
 * Latency of the sales views with 1,000,000 payments in one business.
 *
 *   node --import tsx bench/sales.ts [--payments 1000000] [--runs 300]
 *
 * Uses DATABASE_URL when set (in a fresh database it drops afterwards), otherwise an embedded
 * PostgreSQL in a temporary folder. Migrates, seeds the payments with one INSERT ... SELECT
 * generate_series (90 days, realistic mix of methods, statuses and memos, in time order as a
 * live table fills), fills payment_daily_totals with one INSERT ... SELECT ... GROUP BY,
 * VACUUM ANALYZE (what autovacuum does to a live table), then times the sales service itself
 * (query, driver, mapping) over several filter variants per case and prints p50/p95/p99.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { connectDatabase, migrateToLatest } from '../apps/server/src/db/database'
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded'
import { createSalesRepo } from '../apps/server/src/modules/sales/repo'
import type { TransactionFilter } from '../apps/server/src/modules/sales/schemas'
import { createSalesService } from '../apps/server/src/modules/sales/service'

const { values } = parseArgs({
  options: {
    payments: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '300' },
    /** keep the seeded database (DATABASE_URL only) and print per-variant figures */
    keep: { type: 'boolean', default: false },
  },
})
const total = Number(values.payments)
const runs = Math.max(200, Number(values.runs))
const DAY = 86_400_000

const log = (msg: string) => console.log(msg)
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

// --- database -----------------------------------------------------------------------------
let url: string
let cleanup: () => Promise<void>
if (process.env.DATABASE_URL) {
  const name = `bench_sales_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const u = new URL(process.env.DATABASE_URL)
  u.pathname = `/${name}`
  url = u.toString()
  cleanup = async () => {
    if (values.keep) log(`kept ${url}`)
    else await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
    await admin.end()
  }
  log(`database: ${name} on DATABASE_URL`)
} else {
  const dir = mkdtempSync(join(tmpdir(), 'sales-bench-'))
  const started = performance.now()
  const embedded = await startEmbeddedPostgres(dir)
  url = embedded.url
  cleanup = async () => {
    await embedded.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  log(`database: embedded PostgreSQL in ${dir} (started in ${seconds(started)})`)
}

const handle = connectDatabase(url, 5)
try {
  await migrateToLatest(handle.db)
  const businessId = await seed(handle.pool)
  await measure(businessId)
} finally {
  await handle.close()
  await cleanup()
}

// --- seed ---------------------------------------------------------------------------------
async function seed(pool: pg.Pool): Promise<string> {
  const client = await pool.connect()
  try {
    const user = await client.query<{ id: string }>(
      `INSERT INTO users (email, password_hash) VALUES ('bench@example.com', 'x') RETURNING id`,
    )
    const business = await client.query<{ id: string }>(
      `INSERT INTO businesses (name, created_by, currency, onboarding_step)
       VALUES ('Bench Café', $1, 'GBP', 'completed') RETURNING id`,
      [user.rows[0]?.id],
    )
    const businessId = business.rows[0]?.id ?? ''
    await client.query(
      `INSERT INTO business_members (business_id, user_id, role) VALUES ($1, $2, 'owner')`,
      [businessId, user.rows[0]?.id],
    )

    await client.query(`SET maintenance_work_mem = '512MB'`)
    await client.query(`SET work_mem = '256MB'`)
    // Bulk loading is faster into a table without its secondary indexes; they are built
    // again afterwards from their own definitions, exactly as the migrations made them.
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes
       WHERE schemaname = current_schema() AND tablename = 'payments'
         AND indexname <> 'payments_pkey'`,
    )
    for (const index of indexes.rows) await client.query(`DROP INDEX ${index.indexname}`)
    let started = performance.now()
    await client.query(
      `INSERT INTO payments (business_id, method, status, amount_sat, received_sat, currency,
         fiat_minor, memo, payment_hash, address, txid, confirmations, settled_at, created_at,
         updated_at)
       SELECT $1, g.method, g.status, g.amount_sat,
         CASE WHEN g.status = 'settled' THEN g.amount_sat ELSE 0 END, 'GBP', g.amount_sat / 20,
         g.memo,
         CASE WHEN g.method IN ('lightning', 'tip')
           THEN encode(sha256(convert_to('bench' || g.i, 'UTF8')), 'hex') END,
         CASE WHEN g.method = 'onchain' THEN 'bcrt1q' || substr(md5(g.i::text), 1, 38) END,
         CASE WHEN g.method = 'onchain' AND g.status IN ('settled', 'processing')
           THEN encode(sha256(convert_to('tx' || g.i, 'UTF8')), 'hex') END,
         CASE WHEN g.method = 'onchain' AND g.status = 'settled' THEN 3 ELSE 0 END,
         CASE WHEN g.status = 'settled'
           THEN g.created_at + CASE WHEN g.method = 'onchain' THEN interval '25 minutes'
                                   ELSE interval '4 seconds' END END,
         g.created_at, g.created_at
       FROM (
         SELECT i, created_at, amount_sat, memo,
           CASE WHEN r1 < 0.55 THEN 'lightning' WHEN r1 < 0.75 THEN 'tip'
                WHEN r1 < 0.87 THEN 'onchain' ELSE 'ecash' END AS method,
           CASE
             WHEN created_at > now() - interval '15 minutes' AND r2 < 0.5 THEN 'pending'
             WHEN r1 >= 0.75 AND r1 < 0.87 AND created_at > now() - interval '2 hours'
               AND r2 < 0.8 THEN 'processing'
             WHEN r2 < 0.08 THEN 'expired'
             WHEN r2 < 0.10 THEN 'failed'
             ELSE 'settled' END AS status
         FROM (
           SELECT i, random() AS r1, random() AS r2,
             -- in time order, to the second, so neighbours often share a timestamp
             date_trunc('second', now() - interval '90 days' * (1 - i::float8 / $2::int)) AS created_at,
             (1000 + floor(random() * random() * 400000))::bigint AS amount_sat,
             CASE WHEN random() < 0.3 THEN ''
                  WHEN random() < 0.15 THEN 'Order #' || (100000 + i)
                  ELSE (ARRAY['Flat white', 'Latte', 'Cappuccino', 'Espresso', 'Americano',
                    'Croissant', 'Pain au chocolat', 'Banana bread', 'Table 1', 'Table 2',
                    'Table 3', 'Table 4', 'Table 5', 'Table 12', 'Bagel and coffee', 'Iced latte',
                    'Oat milk latte', 'Chai tea', 'Hot chocolate', 'Sandwich and drink',
                    'Lunch menu', 'Birthday cake slice', 'Gift card top-up', 'Delivery',
                    'Takeaway', 'Catering deposit', 'Tip for Anna', 'Tip for Marco',
                    'Coffee beans 250g', 'Brunch for two'])[1 + floor(random() * 30)::int]
                    || CASE WHEN random() < 0.2 THEN ' x' || (2 + floor(random() * 3)::int)
                            ELSE '' END
             END AS memo
           FROM generate_series(1, $2::int) AS i
         ) s
       ) g`,
      [businessId, total],
    )
    log(`seeded ${total.toLocaleString('en')} payments in ${seconds(started)}`)
    started = performance.now()
    for (const index of indexes.rows) await client.query(index.indexdef)
    log(`built ${indexes.rows.length} indexes in ${seconds(started)}`)

    started = performance.now()
    await client.query(
      `INSERT INTO payment_daily_totals (business_id, day, method, count, amount_sat, fiat_minor)
       SELECT business_id, (settled_at AT TIME ZONE 'UTC')::date, method, count(*),
         sum(received_sat), sum(coalesce(fiat_minor, 0))
       FROM payments WHERE business_id = $1 AND status = 'settled'
       GROUP BY 1, 2, 3`,
      [businessId],
    )
    log(`filled payment_daily_totals in ${seconds(started)}`)

    started = performance.now()
    await client.query('VACUUM ANALYZE payments')
    await client.query('VACUUM ANALYZE payment_daily_totals')
    log(`VACUUM ANALYZE in ${seconds(started)}`)

    const mix = await client.query<{ status: string; n: string }>(
      `SELECT status, count(*) AS n FROM payments GROUP BY 1 ORDER BY 2 DESC`,
    )
    log(`statuses: ${mix.rows.map((r) => `${r.status} ${r.n}`).join(', ')}`)
    return businessId
  } finally {
    client.release()
  }
}

// --- measure ------------------------------------------------------------------------------
interface Variant {
  label: string
  run: () => Promise<unknown>
}

interface Case {
  name: string
  targetMs: number
  variants: Variant[]
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

function ms(n: number): string {
  return n.toFixed(2).padStart(8)
}

async function measure(businessId: string) {
  const sales = createSalesService(createSalesRepo(handle.db))
  const now = Date.now()
  const ago = (days: number) => new Date(now - days * DAY)
  const describe = (f: TransactionFilter) =>
    Object.entries(f)
      .map(([k, v]) =>
        v instanceof Date
          ? `${k} -${((now - v.getTime()) / DAY).toFixed(2)}d`
          : `${k} ${JSON.stringify(v)}`,
      )
      .join(' ')
  const page = (filter: TransactionFilter): Variant => ({
    label: describe(filter),
    run: () => sales.transactions(businessId, { ...filter, limit: 25 }),
  })

  // A cursor into the middle of the filtered list, for a "later page" case.
  const deepFilter: TransactionFilter = { status: ['settled'], method: ['lightning', 'tip'] }
  const deep = await sales.transactions(businessId, { ...deepFilter, to: ago(45), limit: 100 })

  const cases: Case[] = [
    { name: 'transactions, first page, no filter', targetMs: 20, variants: [page({})] },
    {
      name: 'transactions, first page, status + method',
      targetMs: 20,
      variants: [
        page({ status: ['settled'], method: ['lightning'] }),
        page({ status: ['failed', 'expired'], method: ['tip'] }),
        page({ status: ['pending', 'processing'], method: ['onchain', 'lightning'] }),
        page({ status: ['settled'], method: ['ecash', 'onchain'] }),
        page({ status: ['failed'], method: ['ecash'] }),
      ],
    },
    {
      name: 'transactions, first page, date range',
      targetMs: 20,
      variants: [
        page({ from: ago(1) }),
        page({ from: ago(37), to: ago(30) }),
        page({ from: ago(61), to: ago(60), status: ['settled'] }),
        page({ from: ago(45), to: new Date(now - 45 * DAY + 3_600_000), method: ['tip'] }),
      ],
    },
    {
      name: 'transactions, first page, memo search',
      targetMs: 20,
      variants: [
        page({ search: 'latte' }),
        page({ search: 'croissant' }),
        page({ search: 'table 12' }),
        page({ search: 'Tip for Anna' }),
        page({ search: 'order #5000' }),
        page({ search: 'Order #123456' }),
        page({ search: 'no such memo' }),
        page({ search: 'bagel', status: ['failed'] }),
      ],
    },
    {
      name: 'transactions, page 5 (cursor), status + method',
      targetMs: 20,
      variants: [
        {
          label: describe(deepFilter),
          run: () =>
            sales.transactions(businessId, {
              ...deepFilter,
              cursor: deep.nextCursor ?? undefined,
              limit: 25,
            }),
        },
      ],
    },
    {
      name: 'dashboard (totals, 30-day series, latest 10)',
      targetMs: 50,
      variants: [{ label: '', run: () => sales.dashboard(businessId) }],
    },
  ]

  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')
  log(`\nload average ${load()}; ${runs} runs per case after 20 warm-up runs`)
  log(
    `${'case'.padEnd(56)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  )
  let failures = 0
  for (const c of cases) {
    for (let i = 0; i < 20; i++) await c.variants[i % c.variants.length]?.run()
    const all: number[] = []
    const byVariant: number[][] = c.variants.map(() => [])
    for (let i = 0; i < runs; i++) {
      const v = i % c.variants.length
      const t0 = performance.now()
      await c.variants[v]?.run()
      const took = performance.now() - t0
      all.push(took)
      byVariant[v]?.push(took)
    }
    all.sort((a, b) => a - b)
    const p95 = percentile(all, 95)
    const ok = p95 < c.targetMs
    if (!ok) failures += 1
    log(
      `${c.name.padEnd(56)} ${ms(percentile(all, 50))} ${ms(p95)} ${ms(percentile(all, 99))}` +
        `  p95 < ${c.targetMs} ms: ${ok ? 'ok' : 'MISSED'}`,
    )
    if (c.variants.length > 1) {
      c.variants.forEach((variant, v) => {
        const t = (byVariant[v] ?? []).sort((a, b) => a - b)
        const label = `  ${variant.label}`.slice(0, 56)
        log(`${label.padEnd(56)} ${ms(percentile(t, 50))} ${ms(percentile(t, 95))}`)
      })
    }
  }
  log(`load average ${load()}`)
  if (failures > 0) process.exitCode = 1
}

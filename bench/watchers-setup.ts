/**
 * Set-up for bench/watchers.ts: a database (DATABASE_URL or an embedded PostgreSQL), simnet in
 * this process, and the real services over that database (no watching here: its lease store
 * takes nothing), so merchants, businesses and payments are made as the product makes them.
 *
 * A few businesses go through the procedures (NWC wallets and own nodes); the rest are cloned
 * in SQL from an NWC one, each with its own simnet NWC connection stored through the server's
 * connection repo (sealed with the same APP_SECRET the servers use), all owned by one merchant.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { loadConfig } from '../apps/server/src/config'
import {
  connectDatabase,
  migrateToLatest,
  type DatabaseHandle,
} from '../apps/server/src/db/database'
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded'
import type { LeaseRepo } from '../apps/server/src/modules/payments/lease-repo'
import { createLimiter } from '../apps/server/src/modules/payments/limits'
import { createPaymentRepo } from '../apps/server/src/modules/payments/repo'
import { createServices, type Services } from '../apps/server/src/services'
import { appRouter } from '../apps/server/src/trpc/app-router'
import { createContext, type CookieJar } from '../apps/server/src/trpc/context'
import { createCallerFactory } from '../apps/server/src/trpc/init'
import { parseNwcUri } from '../apps/server/src/wallets/nwc/nwc-uri'
import { DEMO_RELAY_POLICY } from '../apps/server/src/wallets/nwc/relay-guard'
import { until } from '../apps/server/test/assertions'
import {
  companyDetails,
  corporationDirectors,
  financial,
  operations,
  pci,
  terms,
} from '../apps/server/test/onboarding-fixtures'
import { startTestSimnet, type TestSimnet } from '../apps/server/test/simnet'

const createCaller = createCallerFactory(appRouter)

export const OWNER = { email: 'watchers-bench@example.com', password: 'correct horse battery' }

/** A lease store that takes nothing: the set-up's services never watch a wallet. */
const noLeases: LeaseRepo = {
  acquire: () => Promise.resolve([]),
  renewAll: () => Promise.resolve([]),
  release: () => Promise.resolve(),
  retire: () => Promise.resolve(),
  liveInstances: () => Promise.resolve([]),
}

/** A PostgreSQL database for the run, dropped (or stopped) by `drop`. */
export async function benchDatabase(log: (m: string) => void) {
  if (process.env.DATABASE_URL) {
    const name = `bench_watchers_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const u = new URL(process.env.DATABASE_URL)
    u.pathname = `/${name}`
    log(`database: ${name} on DATABASE_URL`)
    return {
      url: u.toString(),
      name,
      async drop() {
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
        await admin.end()
      },
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'watchers-bench-'))
  const embedded = await startEmbeddedPostgres(dir)
  log(`database: embedded PostgreSQL in ${dir}`)
  return {
    url: embedded.url,
    name: new URL(embedded.url).pathname.slice(1),
    async drop() {
      await embedded.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface BenchWorld {
  net: TestSimnet
  database: DatabaseHandle
  services: Services
  /** what the server processes are started with (production mode, this run's simnet) */
  serverEnv: Record<string, string>
  caller: ReturnType<typeof createCaller>
  close(): Promise<void>
}

export async function startWorld(url: string, port: number): Promise<BenchWorld> {
  const net = await startTestSimnet()
  const ext = net.externals
  const host = ext.nodeHost.kind === 'simnet' ? ext.nodeHost : { url: '', token: '' }
  const serverEnv: Record<string, string> = {
    NODE_ENV: 'production',
    BITCOIN_NETWORK: 'regtest',
    APP_SECRET: randomBytes(36).toString('base64'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SUPPORT_URL: 'mailto:support@example.com',
    HOST: '127.0.0.1',
    EXCHANGE_API_URL: ext.exchangeBaseUrl,
    NODE_HOST: 'simnet',
    NODE_HOST_URL: host.url,
    NODE_HOST_TOKEN: host.token,
    LSP_PUBKEY: ext.lspPubkey ?? '',
    ECASH_ACCEPTED_MINTS: ext.acceptedMints.join(','),
    AUTO_APPROVE_APPLICATIONS: 'true',
    DATABASE_URL: url,
  }
  const database = connectDatabase(url, 10)
  await migrateToLatest(database.db)
  const config = { ...loadConfig({ ...serverEnv, NODE_ENV: 'test' }), externals: ext }
  const services = createServices({
    config,
    db: database.db,
    pool: database.pool,
    databaseUrl: url,
    leases: noLeases,
    // The simnet relay is local (ws://127.0.0.1); see bench/watchers-server.ts.
    relayPolicy: DEMO_RELAY_POLICY,
    authLimits: {
      signInPerIp: { points: 10_000, durationSec: 60 },
      failedSignInPerAccount: { points: 100, durationSec: 60 },
      signUpPerIp: { points: 10_000, durationSec: 60 },
    },
  })
  await services.jobs.start()
  const cookies = new Map<string, string>()
  const jar: CookieJar = {
    get: (n) => cookies.get(n),
    set: (n, v) => void cookies.set(n, v),
    clear: (n) => void cookies.delete(n),
  }
  const headers = { host: 'localhost:3000', 'x-trpc-source': 'bench' }
  const caller = createCaller(() =>
    createContext({ services, ip: '127.0.0.1', headers, cookies: jar }),
  )
  return {
    net,
    database,
    services,
    serverEnv,
    caller,
    async close() {
      await services.jobs.stop()
      await services.watchers.stop()
      services.wallets.closeAll()
      await services.bus.close()
      await database.close()
      await net.close()
    },
  }
}

type Caller = BenchWorld['caller']

/** A business of the signed-in owner, through the application, approved at once. */
async function approved(caller: Caller, name: string): Promise<string> {
  const { id: businessId } = await caller.businesses.create({ name })
  await caller.onboarding.saveCompany({ businessId, data: companyDetails() })
  await caller.onboarding.saveDirectors({ businessId, data: corporationDirectors })
  await caller.onboarding.saveFinancial({ businessId, data: financial })
  await caller.onboarding.savePci({ businessId, data: pci })
  await caller.onboarding.saveOperations({ businessId, data: operations })
  const { step } = await caller.onboarding.submit({ businessId, data: terms })
  if (step !== 'paymentProvider') throw new Error(`expected auto-approval, got ${step}`)
  return businessId
}

export async function nwcBusiness(w: BenchWorld, name: string): Promise<string> {
  const businessId = await approved(w.caller, name)
  const { uri } = await w.net.control<{ uri: string }>('POST', '/nwc/connections', { name })
  await w.caller.onboarding.connectNwc({ businessId, url: uri })
  return businessId
}

/** Own hosted node, initialised, channel to the liquidity provider open. */
export async function ownNodeBusiness(w: BenchWorld, name: string): Promise<string> {
  const { caller, net, services } = w
  const businessId = await approved(caller, name)
  await caller.onboarding.choosePaymentProvider({ businessId, kind: 'lightningNode' })
  await caller.node.request({ businessId })
  const status = () => caller.node.status({ businessId })
  await until(status, (s) => s.hostState === 'waiting_for_initialisation', 'the node', 60_000)
  const password = 'my node password'
  await caller.node.initialise({ businessId, password, confirmPassword: password })
  await caller.node.confirmSeed({ businessId })
  await until(status, (s) => s.walletState === 'SERVER_ACTIVE', 'the wallet', 60_000)
  const depositSat = 2_000_000
  const { onchainInvoiceId } = await caller.deposit.create({ businessId, amountSat: depositSat })
  const { address } = await caller.deposit.get({ businessId, onchainInvoiceId })
  await net.control('POST', '/send', { address, amountSat: depositSat })
  await net.control('POST', '/mine', { blocks: 3 })
  await services.deposits.tick()
  await net.control('POST', '/mine', { blocks: 3 })
  await until(
    async () => {
      await services.deposits.tick()
      return caller.deposit.get({ businessId, onchainInvoiceId })
    },
    (d) => d.channel.state === 'open',
    'the channel to open',
    60_000,
  )
  return businessId
}

/**
 * `count` copies of the NWC business `template` (same owner, step and currency), each with a
 * wallet connection of its own on simnet, or one of `maxConnections` shared round-robin (simnet's
 * relay keeps 20,000 events, so at most that many wallets' info events stay readable): each
 * business → its wallet's simnet node.
 */
export async function cloneNwcBusinesses(
  w: BenchWorld,
  template: string,
  count: number,
  maxConnections = count,
): Promise<Map<string, string>> {
  const { db } = w.database
  const connections = w.services.connections
  const tpl = await db
    .selectFrom('walletConnections')
    .select('publicInfo')
    .where('businessId', '=', template)
    .executeTakeFirstOrThrow()
  const publicInfo = tpl.publicInfo
  /** business → its wallet's simnet node */
  const nodes = new Map<string, string>()
  const batch = 500
  const limited = createLimiter(16)
  let made = 0
  const issued = await Promise.all(
    Array.from({ length: Math.max(1, Math.min(count, maxConnections)) }, (_, i) =>
      limited(() =>
        w.net.control<{ uri: string; nodeId: string }>('POST', '/nwc/connections', {
          name: `clone wallet ${i + 1}`,
        }),
      ),
    ),
  )
  for (let start = 0; start < count; start += batch) {
    const n = Math.min(batch, count - start)
    const rows = await sql<{ id: string }>`
      WITH made AS (
        INSERT INTO businesses (name, onboarding_step, created_by, currency)
        SELECT b.name || ' ' || g, b.onboarding_step, b.created_by, b.currency
        FROM businesses b, generate_series(${start + 1}::int, ${start + n}::int) g
        WHERE b.id = ${template}
        RETURNING id
      ), members AS (
        INSERT INTO business_members (business_id, user_id, role)
        SELECT made.id, m.user_id, m.role FROM made, business_members m
        WHERE m.business_id = ${template}
      )
      SELECT id FROM made`.execute(db)
    await Promise.all(
      rows.rows.map(({ id }) =>
        limited(async () => {
          const issuedHere = issued[made++ % issued.length]
          if (!issuedHere) throw new Error('no connection issued')
          const { uri, nodeId } = issuedHere
          nodes.set(id, nodeId)
          const connection = parseNwcUri(uri)
          await connections.save(db, id, 'nwc', connection, {
            ...publicInfo,
            walletPubkey: connection.walletPubkey,
            relayUrls: connection.relayUrls,
          })
        }),
      ),
    )
  }
  return nodes
}

/**
 * One open Lightning payment per cloned business, made quickly: the invoice is added on the
 * wallet's simnet node directly (what its NWC service does for make_invoice, without the
 * round trips), and the row written and attached through the payment repository.
 */
export async function cloneOpenPayments(
  w: BenchWorld,
  nodes: ReadonlyMap<string, string>,
  amountSat: number,
  expirySec: number,
): Promise<Map<string, { paymentId: string; paymentRequest: string }>> {
  const repo = createPaymentRepo(w.database.db)
  const out = new Map<string, { paymentId: string; paymentRequest: string }>()
  const limited = createLimiter(16)
  await Promise.all(
    [...nodes].map(([businessId, nodeId]) =>
      limited(async () => {
        const node = w.net.simnet.world.lightning.node(nodeId)
        if (!node) throw new Error(`no simnet node ${nodeId}`)
        const invoice = node.addInvoice({ valueMsat: amountSat * 1000, memo: 'watched', expirySec })
        const { row } = await repo.insert({
          businessId,
          method: 'lightning',
          amountSat,
          currency: 'GBP',
          fiatMinor: null,
          memo: 'watched',
        })
        await repo.attachInvoice(row.id, {
          paymentHash: invoice.paymentHash,
          paymentRequest: invoice.paymentRequest,
          expiresAt: new Date((invoice.createdAt + invoice.expirySec) * 1000),
        })
        out.set(businessId, { paymentId: row.id, paymentRequest: invoice.paymentRequest })
      }),
    ),
  )
  return out
}

/** One open Lightning payment per business, through the payment service; their invoices. */
export async function openPayments(
  w: BenchWorld,
  businessIds: readonly string[],
  amountSat: number,
  onProgress?: (done: number) => void,
): Promise<Map<string, { paymentId: string; paymentRequest: string }>> {
  const out = new Map<string, { paymentId: string; paymentRequest: string }>()
  const limited = createLimiter(24)
  let done = 0
  await Promise.all(
    businessIds.map((id) =>
      limited(async () => {
        const view = await w.services.payments.createLightning(
          { id, currency: 'GBP' },
          { amount: { sat: amountSat }, memo: 'watched' },
        )
        if (!view.paymentRequest) throw new Error(`no invoice for ${id}`)
        out.set(id, { paymentId: view.id, paymentRequest: view.paymentRequest })
        // The set-up holds no wallet open longer than it needs.
        w.services.wallets.invalidate(id)
        done += 1
        if (done % 500 === 0) onProgress?.(done)
      }),
    ),
  )
  return out
}

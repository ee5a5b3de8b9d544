/**
 * Crash safety of taking payments: the real server runs as a child process on its own database
 * and is killed with SIGKILL at seeded random moments (while starting, while invoices are
 * created and paid, while ecash is redeemed and tips are asked for), then started again on the
 * same database. The simulated network runs in this process, so the payer keeps paying while
 * the server is down. At the end every payment the payer made is credited exactly once (settled
 * once, counted once in the daily totals) and nothing it did not pay is credited.
 *
 * `CRASH_SEED` replays a run's schedule (which kill comes when, what is asked and paid);
 * `CRASH_KILLS` sets how many kills (50 by default); `CRASH_LOG` keeps the servers' output.
 */
import { Wallet } from '@cashu/cashu-ts'
import { randomInt } from 'node:crypto'
import { appendFile } from 'node:fs/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { createServices } from '../src/services'
import { exchangeBusiness, ownNodeBusiness } from './businesses'
import { NoAnswer, Refused, tipInvoice, trpcClient, type TrpcClient } from './crash/client'
import { Ledger, seededRandom, type GivenInvoice, type Random } from './crash/ledger'
import { crashServer, type CrashServer } from './crash/server-process'
import { scenario } from './harness'

const SEED = process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) : randomInt(2 ** 31)
const KILLS = process.env.CRASH_KILLS ? Number(process.env.CRASH_KILLS) : 50
/** The longest a run of the server lasts before it is killed, once it listens. */
const MAX_LIFE_MS = 1_200
/** Of the kills, this share comes while the server is still starting. */
const KILL_WHILE_STARTING = 0.3
/** `CRASH_LOG`: a file the servers' output is appended to, for a look at a failing run. */
const LOG_FILE = process.env.CRASH_LOG

interface PaymentView {
  id: string
  status: string
  paymentRequest: string | null
}

const t = await scenario({ simnet: true })
afterAll(t.close)
const { net } = t
let server: CrashServer
let till: TrpcClient
let mintUrl: string
let exchange: string
let ownNode: string
let tipPage: string
let keys = 0

beforeAll(async () => {
  console.log(`crash test: seed ${SEED}, ${KILLS} kills (replay with CRASH_SEED=${SEED})`)
  mintUrl = `${net.simnet.url}/cashu`
  server = await crashServer(net, {
    env: { ECASH_ACCEPTED_MINTS: mintUrl },
    connections: 3,
    // The merchant signs up and onboards two businesses (an exchange account; its own node, with
    // a tip page) through the real procedures on the database the server will use.
    async prepare(setup, origin) {
      const ex = await exchangeBusiness(setup, net)
      const node = await ownNodeBusiness(setup, net, 1_000_000)
      const page = await node.b.caller.tips.create({
        businessId: node.businessId,
        shortName: 'crash-tips',
        description: 'Tips',
      })
      exchange = ex.businessId
      ownNode = node.businessId
      tipPage = page.shortName
      const sid = ex.b.cookies.get('sid')
      const nodeSid = node.b.cookies.get('sid')
      if (!sid || !nodeSid) throw new Error('no session cookie')
      // One merchant account per business: the till holds both sessions.
      till = twoSessions(trpcClient(origin, `sid=${sid}`), trpcClient(origin, `sid=${nodeSid}`))
    },
  })
}, 120_000)

afterAll(async () => {
  await server?.close()
})

/** A till for both businesses: each call goes with the session of the business's owner. */
function twoSessions(forExchange: TrpcClient, forNode: TrpcClient): TrpcClient {
  const pickFor = (input: unknown) =>
    (input as { businessId?: string }).businessId === exchange ? forExchange : forNode
  return {
    mutate: (path, input) => pickFor(input).mutate(path, input),
    query: (path, input) => pickFor(input).query(path, input),
  }
}

/** Pays an invoice from the simnet payer; the server is not needed for that. */
async function pay(invoice: GivenInvoice): Promise<void> {
  if (invoice.state !== 'unpaid') return
  // Claimed before the payer's node is asked: the other till must not pay it too.
  invoice.state = 'paying'
  try {
    const { payment } = await net.control<{ payment: { status: string } }>('POST', '/pay', {
      invoice: invoice.request,
    })
    invoice.state =
      payment.status === 'SUCCEEDED' ? 'paid' : payment.status === 'FAILED' ? 'failed' : 'unknown'
  } catch (err) {
    console.log(`the payer could not pay ${invoice.hash}: ${String(err)}`)
    invoice.state = 'failed'
  }
}

/** The payer side and the till, working against the server until told to stop. */
function workload(ledger: Ledger, rnd: Random) {
  let stopped = false
  /** Keys and nonces unique in the run, the same in a replay. */
  const nextKey = (prefix: string) => `${prefix}-${SEED}-${(keys += 1)}`

  async function lightning(): Promise<void> {
    const retry = rnd.chance(0.5) ? rnd.pick(ledger.requests.filter((r) => !r.answered)) : undefined
    const request = retry ?? {
      key: nextKey('till'),
      businessId: rnd.chance(0.5) ? exchange : ownNode,
      // The exchange takes Lightning deposits from 1,000 sat.
      amountSat: rnd.int(1_000, 3_000),
      answered: false,
    }
    if (!retry) ledger.requests.push(request)
    const view = await till.mutate<PaymentView>('payments.createLightning', {
      businessId: request.businessId,
      amount: { sat: request.amountSat },
      memo: 'crash test',
      idempotencyKey: request.key,
    })
    request.answered = true
    if (!view.paymentRequest) {
      // A retry of a request whose first try was cut off after its row was written.
      ledger.withoutInvoice += 1
      return
    }
    const invoice = ledger.given({
      kind: 'lightning',
      businessId: request.businessId,
      amountSat: request.amountSat,
      request: view.paymentRequest,
      willPay: rnd.chance(0.75),
    })
    if (invoice.willPay && invoice.state === 'unpaid' && rnd.chance(0.7)) await pay(invoice)
  }

  async function tip(): Promise<void> {
    const retry = rnd.chance(0.5) ? rnd.pick(ledger.tips.filter((t) => !t.answered)) : undefined
    const ask = retry ?? {
      nonce: nextKey('tip'),
      amountSat: rnd.int(100, 2_000),
      answered: false,
    }
    if (!retry) ledger.tips.push(ask)
    const request = await tipInvoice(server.origin, tipPage, ask.amountSat, ask.nonce)
    ask.answered = true
    const invoice = ledger.given({
      kind: 'tip',
      businessId: ownNode,
      amountSat: ask.amountSat,
      request,
      willPay: rnd.chance(0.8),
    })
    if (invoice.willPay && invoice.state === 'unpaid' && rnd.chance(0.7)) await pay(invoice)
  }

  async function ecash(): Promise<void> {
    const retry = rnd.chance(0.6) ? rnd.pick(ledger.tokens.filter((t) => !t.answered)) : undefined
    let handed = retry
    if (!handed) {
      const amountSat = rnd.int(1_500, 5_000)
      const { token } = await net.control<{ token: string }>('POST', '/cashu/token', { amountSat })
      handed = {
        key: nextKey('ecash'),
        businessId: ownNode,
        token,
        amountSat,
        answered: false,
      }
      ledger.tokens.push(handed)
    }
    try {
      await till.mutate('ecash.redeem', {
        businessId: handed.businessId,
        token: handed.token,
        idempotencyKey: handed.key,
      })
      handed.answered = true
    } catch (err) {
      // Refused (the token was spent by an earlier try whose answer was lost, say): answered.
      if (err instanceof Refused) handed.answered = true
      throw err
    }
  }

  async function payLater(): Promise<void> {
    const invoice = rnd.pick(ledger.toPay())
    if (invoice) await pay(invoice)
  }

  const steps = [lightning, lightning, lightning, tip, ecash, payLater]
  const run = async () => {
    while (!stopped) {
      const step = rnd.pick(steps) ?? lightning
      try {
        await step()
      } catch (err) {
        // A refusal is an answer the till shows (the rows are checked at the end); no answer
        // means the server is gone: wait to be stopped.
        if (err instanceof NoAnswer) await sleep(20)
        if (err instanceof Refused) {
          const what = `${step.name}: ${err.reason}`
          ledger.refusals.set(what, (ledger.refusals.get(what) ?? 0) + 1)
        }
      }
    }
  }
  // Two tills at once, so kills land among concurrent requests.
  const running = Promise.all([run(), run()])
  return {
    async stop() {
      stopped = true
      await running
    },
  }
}

const rowsOf = () =>
  server.database.db
    .selectFrom('payments')
    .select([
      'id',
      'businessId',
      'method',
      'status',
      'amountSat',
      'receivedSat',
      'paymentHash',
      'idempotencyKey',
    ])
    .execute()

async function spentAtMint(token: string): Promise<boolean> {
  const payer = new Wallet(mintUrl, { unit: 'sat' })
  await payer.loadMint()
  const states = await payer.checkProofsStates(payer.decodeToken(token).proofs)
  return states.every((s) => s.state === 'SPENT')
}

describe('a server killed while taking payments', () => {
  const ledger = new Ledger()
  let kills = 0
  let killedWhileStarting = 0
  let startMs = 0

  it(
    'credits every payment the payer made exactly once, and nothing else',
    // a bound for a hang: every kill restarts the server, which a busy machine makes slow
    { timeout: 60_000 + KILLS * 20_000 },
    async () => {
      const started = Date.now()
      const schedule = seededRandom(SEED)
      const rnd = seededRandom(SEED ^ 0x5bd1e995)
      for (let i = 0; i < KILLS; i++) {
        const t0 = Date.now()
        const run = server.spawn()
        if (schedule.chance(KILL_WHILE_STARTING)) {
          // Killed while it starts: migrations, job queue, watchers taking leases.
          await Promise.race([run.ready, sleep(schedule.int(1_000, 4_000))])
          await server.kill()
          kills += 1
          killedWhileStarting += 1
          continue
        }
        await run.ready
        startMs += Date.now() - t0
        const work = workload(ledger, rnd)
        await sleep(schedule.int(50, MAX_LIFE_MS))
        await server.kill()
        kills += 1
        await work.stop()
        if (LOG_FILE) await appendFile(LOG_FILE, run.output())
        // While the server is down, the payer pays some of the invoices it holds.
        for (const invoice of ledger.toPay()) if (rnd.chance(0.3)) await pay(invoice)
      }

      // The last start: it runs until every paid invoice is credited or a deadline passes.
      const last = await server.start()
      for (const invoice of ledger.toPay()) await pay(invoice)
      const paid = () => [...ledger.invoices.values()].filter((i) => i.state === 'paid')
      const deadline = Date.now() + 180_000
      for (;;) {
        const settled = new Set(
          (await rowsOf()).filter((r) => r.status === 'settled').map((r) => r.paymentHash),
        )
        if (paid().every((i) => settled.has(i.hash)) || Date.now() > deadline) break
        await sleep(250)
      }
      // Redemptions a kill left half done are finished by the recovery job a couple of minutes
      // later; here its sweep runs now, as it will, with the server still running.
      const config = loadConfig(server.env)
      const services = createServices({
        config,
        db: server.database.db,
        pool: server.database.pool,
        databaseUrl: server.env.DATABASE_URL ?? '',
      })
      await services.ecash.recovery.sweep(new Date())
      services.wallets.closeAll()
      await server.stop()

      const rows = await rowsOf()
      const byHash = new Map<string, typeof rows>()
      for (const r of rows) {
        if (!r.paymentHash) continue
        byHash.set(r.paymentHash, [...(byHash.get(r.paymentHash) ?? []), r])
      }
      const problems: string[] = []

      // Invoices: paid ones settled once with what was paid, unpaid ones never credited.
      for (const invoice of ledger.invoices.values()) {
        const found = byHash.get(invoice.hash) ?? []
        const what = `${invoice.kind} ${invoice.amountSat} sat (${invoice.hash.slice(0, 12)})`
        if (found.length !== 1) {
          problems.push(`${what}: ${found.length} rows`)
          continue
        }
        const row = found[0]!
        if (invoice.state === 'paid') {
          if (row.status !== 'settled') problems.push(`${what}: paid but ${row.status}`)
          else if (Number(row.receivedSat) !== invoice.amountSat) {
            problems.push(`${what}: paid but credited ${String(row.receivedSat)} sat`)
          }
        } else if (
          (invoice.state === 'unpaid' || invoice.state === 'failed') &&
          row.status === 'settled'
        ) {
          problems.push(`${what}: ${invoice.state} but settled`)
        }
      }
      // Every settled Lightning payment or tip is one the payer paid.
      const paidHashes = new Set(paid().map((i) => i.hash))
      for (const r of rows) {
        if (r.status !== 'settled' || r.method === 'ecash') continue
        if (!r.paymentHash || !paidHashes.has(r.paymentHash)) {
          problems.push(`${r.method} ${r.id} settled, but the payer did not pay it`)
        }
      }

      // Ecash: a token the mint reads spent was credited once, or its value is held for the
      // business (taken before the melt); one the mint reads unspent was credited nowhere.
      const held = await server.database.db
        .selectFrom('ecashChange')
        .select(['paymentId', 'reason', 'amountSat'])
        .execute()
      let ecashSettled = 0
      let ecashHeld = 0
      const heldNotes: string[] = []
      let ecashUnspent = 0
      for (const handed of ledger.tokens) {
        const found = rows.filter((r) => r.idempotencyKey === handed.key)
        const spent = await spentAtMint(handed.token)
        const what = `ecash ${handed.amountSat} sat (${handed.key})`
        if (found.length > 1) problems.push(`${what}: ${found.length} rows`)
        const row = found[0]
        const settled = row?.status === 'settled'
        if (!spent) {
          ecashUnspent += 1
          if (settled) problems.push(`${what}: the token is unspent but the payment settled`)
          continue
        }
        if (!row) {
          problems.push(`${what}: the token is spent but there is no payment`)
          continue
        }
        const kept = held.filter((h) => h.paymentId === row.id && h.reason === 'kept')
        if (settled) {
          ecashSettled += 1
          const received = Number(row.receivedSat)
          if (received < 1 || received > handed.amountSat) {
            problems.push(`${what}: credited ${received} sat`)
          }
          // Melted and credited: the proofs it was melted with are no longer held as well.
          if (kept.length > 0) problems.push(`${what}: credited, and its proofs still held`)
          continue
        }
        // Swapped but not credited: the recovery melts held proofs into the payment (asking for
        // its invoice when the kill came before it was attached), so nothing may be left here.
        const keptSat = kept.reduce((s, h) => s + Number(h.amountSat), 0)
        if (keptSat > 0 && keptSat <= handed.amountSat) {
          ecashHeld += 1
          problems.push(`${what}: the token is spent, ${keptSat} sat held, not credited`)
          const redemption = await server.database.db
            .selectFrom('ecashRedemptions')
            .select(['stage', 'meltQuote'])
            .where('paymentId', '=', row.id)
            .executeTakeFirst()
          heldNotes.push(
            `${handed.key}: ${handed.amountSat} sat, ${keptSat} held, payment ${row.status}, ` +
              `redemption ${redemption?.stage ?? 'none'}, ` +
              `${redemption?.meltQuote ? 'melt quoted' : 'no melt quote'}`,
          )
        } else problems.push(`${what}: the token is spent, the payment ${row.status}, nothing held`)
      }

      // The daily totals count each settled payment once.
      const totals = await server.database.db
        .selectFrom('paymentDailyTotals')
        .select(['businessId', 'method', 'count', 'amountSat'])
        .execute()
      const settledRows = rows.filter((r) => r.status === 'settled')
      for (const businessId of [exchange, ownNode]) {
        for (const method of ['lightning', 'tip', 'ecash'] as const) {
          const mine = settledRows.filter((r) => r.businessId === businessId && r.method === method)
          const counted = totals.filter((t) => t.businessId === businessId && t.method === method)
          const count = counted.reduce((s, t) => s + Number(t.count), 0)
          const amount = counted.reduce((s, t) => s + Number(t.amountSat), 0)
          const expected = mine.reduce((s, r) => s + Number(r.receivedSat), 0)
          if (count !== mine.length || amount !== expected) {
            problems.push(
              `daily totals of ${method} at ${businessId}: ${count} payments, ${amount} sat; ` +
                `settled rows: ${mine.length}, ${expected} sat`,
            )
          }
        }
      }

      const invoices = [...ledger.invoices.values()]
      console.log(
        `crash test (seed ${SEED}): ${kills} kills (${killedWhileStarting} while starting) in ` +
          `${Math.round((Date.now() - started) / 1000)} s, mean start ` +
          `${Math.round(startMs / Math.max(1, kills - killedWhileStarting))} ms; ` +
          `${invoices.length} invoices (${paid().length} paid, ` +
          `${invoices.filter((i) => i.kind === 'tip').length} tips), ` +
          `${ledger.requests.length} till requests ` +
          `(${ledger.requests.filter((r) => !r.answered).length} never answered, ` +
          `${ledger.withoutInvoice} answered without an invoice), ` +
          `${ledger.tokens.length} ecash tokens (${ecashSettled} credited, ${ecashHeld} held, ` +
          `${ecashUnspent} unspent); ${settledRows.length} payments settled`,
      )
      console.log(`refusals: ${JSON.stringify(Object.fromEntries(ledger.refusals))}`)
      if (heldNotes.length > 0) console.log(`ecash held, not credited: ${heldNotes.join('; ')}`)
      if (problems.length > 0) console.log(last.output().slice(-4_000))
      expect(problems).toEqual([])
      expect(kills).toBeGreaterThanOrEqual(KILLS)
      expect(paid().length).toBeGreaterThan(0)
    },
  )
})

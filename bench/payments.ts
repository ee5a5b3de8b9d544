/**
 * Taking payments through the product, end to end, on this machine:
 *  1. creating Lightning payments through /trpc with 50 concurrent clients (rate, p50/p99);
 *  2. from the payer paying an invoice to the settled state arriving on an open
 *     `payments.follow` subscription (SSE), over 200 payments (median, p99). The clock starts
 *     before the payer's request, so this is an upper bound of settle -> subscriber.
 *
 *   node --import tsx bench/payments.ts [--create 3000] [--concurrency 50] [--latency 200]
 *                                       [--wallet lnd|nwc]
 *
 * The server runs as `npm start` would (demo mode, simnet embedded) in a child process, with
 * a business whose money is held on its own node (lnd, default) or in simnet's NWC wallet.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createTRPCClient, httpSubscriptionLink, splitLink, httpBatchLink } from '@trpc/client'
import { EventSource } from 'eventsource'
import superjson from 'superjson'
import { Agent, request } from 'undici'
import type { AppRouter } from '../apps/server/src/trpc/app-router'

const { values } = parseArgs({
  options: {
    create: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '50' },
    latency: { type: 'string', default: '200' },
    wallet: { type: 'string', default: 'lnd' },
  },
})
const port = 3290
const simnetPort = 3291
const base = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(join(tmpdir(), 'payments-bench-'))

const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: new URL('..', import.meta.url).pathname,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SIMNET_PORT: String(simnetPort),
    SIMNET_TIME_SCALE: '0.002',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

let cookie = ''
const agent = new Agent({ connections: 64, pipelining: 1, keepAliveTimeout: 60_000 })

async function call(path: string, input: unknown, method: 'POST' | 'GET' = 'POST') {
  const res = await request(
    method === 'POST'
      ? `${base}/trpc/${path}`
      : `${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
    {
      method,
      dispatcher: agent,
      headers: { 'content-type': 'application/json', 'x-trpc-source': 'bench', cookie },
      body: method === 'POST' ? JSON.stringify({ json: input }) : undefined,
    },
  )
  const setCookie = res.headers['set-cookie']
  if (setCookie) cookie = String(setCookie).split(';')[0] ?? ''
  const body = (await res.body.json()) as { result?: { data: { json: unknown } }; error?: unknown }
  if (res.statusCode !== 200) throw new Error(`${path}: ${JSON.stringify(body.error)}`)
  return body.result?.data.json
}

async function simnet(route: string, body: unknown) {
  const res = await fetch(`http://127.0.0.1:${simnetPort}/control${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`simnet ${route}: ${await res.text()}`)
  return (await res.json()) as Record<string, unknown>
}

async function setUpBusiness(): Promise<string> {
  await call('auth.signUp', {
    email: `bench-${Date.now()}@example.com`,
    password: 'correct horse battery',
  })
  const { id } = (await call('businesses.create', { name: 'Bench Café' })) as { id: string }
  const address = {
    line1: '1 High St',
    line2: '',
    city: 'London',
    postcode: 'SW1A 1AA',
    country: 'GB',
  }
  const person = {
    firstName: 'A',
    lastName: 'B',
    dateOfBirth: '1980-01-01',
    nationality: 'GB',
    email: 'a@b.co',
    address,
  }
  const steps: [string, unknown][] = [
    [
      'onboarding.saveCompany',
      {
        legalName: 'Bench Ltd',
        tradingName: 'Bench',
        companyType: 'corporation',
        registrationNumber: '1',
        country: 'GB',
        address,
        phone: { callingCode: '+44', number: '20 7946 0000' },
        website: '',
      },
    ],
    [
      'onboarding.saveDirectors',
      { companyType: 'corporation', directors: [person], beneficialOwners: [] },
    ],
    [
      'onboarding.saveFinancial',
      {
        currency: 'GBP',
        expectedMonthlyVolumeMinor: 1,
        averageSaleMinor: 1,
        bankAccountHolder: 'Bench Ltd',
        iban: 'GB33BUKB20201555555555',
      },
    ],
    [
      'onboarding.savePci',
      {
        storesCardData: false,
        usesThirdPartyProcessor: false,
        hadDataBreach: false,
        breachDetails: '',
        acceptsSecurityPolicy: true,
      },
    ],
    [
      'onboarding.saveOperations',
      {
        productsDescription: 'Coffee',
        salesChannels: ['in_store'],
        locationsCount: 1,
        terminalsCount: 1,
      },
    ],
    ['onboarding.submit', { acceptTerms: true, acceptPrivacy: true, termsVersion: '2026-11' }],
  ]
  for (const [path, data] of steps) await call(path, { businessId: id, data })
  const { uri } = (await simnet('/nwc/connections', { name: 'bench', budgetSat: 10_000_000 })) as {
    uri: string
  }
  await call('provider.connectNwc', { businessId: id, url: uri })
  return id
}

async function benchCreate(businessId: string, total: number, concurrency: number) {
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1
        const t0 = performance.now()
        await call('payments.createLightning', { businessId, amount: { sat: 1000 }, memo: 'bench' })
        latencies.push(performance.now() - t0)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  console.log(
    `create Lightning payments: ${total} in ${seconds.toFixed(2)} s at ${concurrency} concurrent clients = ${(total / seconds).toFixed(0)}/s (target >= 500/s); latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (target < 50 ms)`,
  )
}

async function benchLatency(businessId: string, n: number) {
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${base}/trpc`,
          transformer: superjson,
          EventSource,
          eventSourceOptions: () => ({
            fetch: (input: string | URL | Request, init?: RequestInit) =>
              fetch(input, {
                ...init,
                headers: { ...(init?.headers as Record<string, string>), cookie },
              }),
          }),
        }),
        false: httpBatchLink({
          url: `${base}/trpc`,
          transformer: superjson,
          headers: () => ({ cookie, 'x-trpc-source': 'bench' }),
        }),
      }),
    ],
  })
  const samples: number[] = []
  for (let i = 0; i < n; i++) {
    const p = await client.payments.createLightning.mutate({
      businessId,
      amount: { sat: 500 },
      memo: `latency ${i}`,
    })
    let t0 = 0
    await new Promise<void>((resolve, reject) => {
      const sub = client.payments.follow.subscribe(
        { businessId, paymentId: p.id },
        {
          onData: (v) => {
            if (v.status === 'pending' && t0 === 0) {
              t0 = performance.now()
              simnet('/pay', { invoice: p.paymentRequest }).catch(reject)
            }
            if (v.status === 'settled') {
              samples.push(performance.now() - t0)
              sub.unsubscribe()
              resolve()
            }
          },
          onError: reject,
        },
      )
    })
  }
  samples.sort((a, b) => a - b)
  console.log(
    `payer pays -> settled on the subscription: ${n} payments, median ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms (targets < 50 ms, < 200 ms)`,
  )
}

try {
  await waitForServer()
  const businessId = await setUpBusiness()
  await benchCreate(businessId, Number(values.create), Number(values.concurrency))
  await benchLatency(businessId, Number(values.latency))
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${(await import('node:os')).cpus().length} cores`,
  )
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
  await agent.close()
}

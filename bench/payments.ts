/**
 * Taking payments through the product, end to end, on this machine:
 *  1. creating Lightning payments through /trpc with 50 concurrent clients: first as fast as
 *     they can (capacity, rate and latency), then at a steady 500 per second offered by the
 *     same 50 clients (latency p50/p99 timed from each request's scheduled start, so a stall
 *     counts against every request it delays);
 *  2. from the payer paying an invoice to the settled state arriving on an open
 *     `payments.follow` subscription (SSE), over 200 payments (median, p99). The clock starts
 *     before the payer's request, so this is an upper bound of settle -> subscriber.
 *     (bench/payment-latency-browser.ts measures the same up to the cashier's page.)
 *
 *   node --import tsx bench/payments.ts [--create 6000] [--concurrency 50] [--rate 500]
 *                                       [--seconds 20] [--latency 200] [--wallet lnd|nwc]
 */
import { loadavg, cpus } from 'node:os'
import { parseArgs } from 'node:util'
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client'
import { EventSource } from 'eventsource'
import superjson from 'superjson'
import type { AppRouter } from '../apps/server/src/trpc/app-router'
import { percentile, startProduct } from './product'

const { values } = parseArgs({
  options: {
    create: { type: 'string', default: '6000' },
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '50' },
    latency: { type: 'string', default: '200' },
    wallet: { type: 'string', default: 'lnd' },
  },
})

const product = await startProduct({ port: 3290, wallet: values.wallet === 'nwc' ? 'nwc' : 'lnd' })
const { base, businessId, call, simnet } = product

async function benchCreate(total: number, concurrency: number) {
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

async function benchSteady(rate: number, seconds: number, clients: number) {
  const total = Math.round(rate * seconds)
  const latencies: number[] = []
  let failures = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      // Client c sends requests c, c + clients, ...: together a request every 1/rate seconds.
      for (let i = c; i < total; i += clients) {
        const due = started + (i * 1000) / rate
        const wait = due - performance.now()
        if (wait > 0) await new Promise((r) => setTimeout(r, wait))
        try {
          await call('payments.createLightning', {
            businessId,
            amount: { sat: 1000 },
            memo: 'steady',
          })
        } catch {
          failures++
        }
        latencies.push(performance.now() - due)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  console.log(
    `create Lightning payments at a steady ${rate}/s from ${clients} clients: ${total} in ${elapsed.toFixed(2)} s (${(total / elapsed).toFixed(0)}/s), ${failures} failed; latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (target < 50 ms)`,
  )
}

async function benchLatency(n: number) {
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
                headers: { ...(init?.headers as Record<string, string>), cookie: product.cookie() },
              }),
          }),
        }),
        false: httpBatchLink({
          url: `${base}/trpc`,
          transformer: superjson,
          headers: () => ({ cookie: product.cookie(), 'x-trpc-source': 'bench' }),
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
            if (v.data.status === 'pending' && t0 === 0) {
              t0 = performance.now()
              simnet('/pay', { invoice: p.paymentRequest }).catch(reject)
            }
            if (v.data.status === 'settled') {
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
  await benchCreate(Number(values.create), Number(values.concurrency))
  await benchSteady(Number(values.rate), Number(values.seconds), Number(values.concurrency))
  await benchLatency(Number(values.latency))
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  )
} finally {
  await product.stop()
}

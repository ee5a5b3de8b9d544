/**
 * Lightning withdrawals from one own node, through the product in demo mode: 200 (by default)
 * withdrawals, each timed from the moment the page confirms (`withdrawals.confirm`, password
 * checked, destination screened, row written, node paid) to "succeeded" arriving on the page's
 * open `withdrawals.watch` subscription (SSE). Prints p50 and p99.
 *
 *   node --import tsx bench/withdrawals.ts [--withdrawals 200] [--amount 1000]
 */
import { randomUUID } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client'
import { EventSource } from 'eventsource'
import superjson from 'superjson'
import type { AppRouter } from '../apps/server/src/trpc/app-router'
import { percentile, startProduct } from './product'

const { values } = parseArgs({
  options: {
    withdrawals: { type: 'string', default: '200' },
    amount: { type: 'string', default: '1000' },
  },
})
const rounds = Number(values.withdrawals)
const amountSat = Number(values.amount)

const product = await startProduct({ port: 3294, wallet: 'lnd' })
const { base, businessId, simnet } = product
const withCookie = (input: string | URL | Request, init?: RequestInit) =>
  fetch(input, {
    ...init,
    headers: { ...(init?.headers as Record<string, string>), cookie: product.cookie() },
  })
const client = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({
        url: `${base}/trpc`,
        transformer: superjson,
        EventSource,
        eventSourceOptions: () => ({ fetch: withCookie }),
      }),
      false: httpBatchLink({
        url: `${base}/trpc`,
        transformer: superjson,
        headers: () => ({ cookie: product.cookie(), 'x-trpc-source': 'bench' }),
      }),
    }),
  ],
})

/** Succeeded withdrawals seen on the subscription, with when each was first seen. */
const seen = new Map<string, number>()
const waiters = new Map<string, () => void>()
let isOpen: () => void = () => {}
const opened = new Promise<void>((resolve) => (isOpen = resolve))
const sub = client.withdrawals.watch.subscribe(
  { businessId },
  {
    onData: ({ data }) => {
      const now = performance.now()
      isOpen()
      for (const w of data) {
        if (w.status !== 'succeeded' || seen.has(w.id)) continue
        seen.set(w.id, now)
        waiters.get(w.id)?.()
      }
    },
    onError: (err) => console.error('subscription', err),
  },
)

try {
  await opened
  const samples: number[] = []
  for (let i = 0; i < rounds; i++) {
    const { paymentRequest } = (await simnet('/screening/targets/invoice', { amountSat })) as {
      paymentRequest: string
    }
    const started = performance.now()
    const w = await client.withdrawals.confirm.mutate({
      businessId,
      quote: { destination: paymentRequest },
      idempotencyKey: randomUUID(),
      password: 'correct horse battery',
    })
    if (w.status === 'failed') throw new Error(`withdrawal failed: ${w.failureReason}`)
    if (!seen.has(w.id)) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no success for ${w.id}`)), 30_000)
        waiters.set(w.id, () => {
          clearTimeout(timer)
          resolve()
        })
      })
      waiters.delete(w.id)
    }
    samples.push((seen.get(w.id) ?? performance.now()) - started)
  }
  samples.sort((a, b) => a - b)
  const ms = (v: number) => `${v.toFixed(1)} ms`
  console.log(
    `withdrawals: ${rounds} Lightning withdrawals of ${amountSat} sats from one own node ` +
      `(${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)})`,
  )
  console.log(
    `confirm -> succeeded on the subscription: p50 ${ms(percentile(samples, 50))}, ` +
      `p99 ${ms(percentile(samples, 99))}, max ${ms(samples.at(-1) ?? 0)}`,
  )
} finally {
  sub.unsubscribe()
  await product.stop()
}

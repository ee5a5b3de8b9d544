/**
 * The invoice API under load, against the product as `npm start` runs it (demo mode, simnet
 * embedded in the server's process), with a business whose money is held on its own node (lnd):
 *
 * (a) creating invoices (`POST /api/v1/invoices` with an API key) offered at a fixed rate
 *     (open loop: each request leaves at its scheduled time whether or not the ones before have
 *     answered; its latency runs from that scheduled time, so a stall is not hidden): p50, p99;
 * (b) the rate flat out (closed loop, N requests in flight), as a ratio of simnet's own invoice
 *     rate measured in the same run the same way: `POST /v1/invoices` on simnet's lnd REST, the
 *     call the product's lnd adapter makes for each invoice;
 * (c) webhook delivery: invoices paid one after another from simnet's payer, each timed from
 *     the payment's settlement (simnet's `/pay` answering) to the signed `invoice.settled` call
 *     arriving at a receiver on 127.0.0.1: p50, p99.
 *
 * The API allows 6,000 requests a minute per key: the requests are spread over several keys.
 *
 *   node --import tsx bench/invoices.ts [--rate 50] [--seconds 20] [--flat-seconds 10]
 *     [--concurrency 16] [--payments 200]
 */
import { createServer } from 'node:http'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { Pool } from 'undici'
import { percentile, startProduct } from './product'

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    'flat-seconds': { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    payments: { type: 'string', default: '200' },
  },
})
const rate = Number(values.rate)
const seconds = Number(values.seconds)
const flatSeconds = Number(values['flat-seconds'])
const concurrency = Number(values.concurrency)
const payments = Number(values.payments)
const KEYS = 6

const PORT = 3296
const product = await startProduct({ port: PORT, wallet: 'lnd' })
const { base, businessId, call, simnet } = product
const api = new Pool(base, { connections: 128, pipelining: 1, keepAliveTimeout: 60_000 })
const ms = (v: number) => `${v.toFixed(1)} ms`
const summary = (sorted: number[]) =>
  `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}`

const keys: string[] = []
for (let i = 0; i < KEYS; i++) {
  const made = (await call('apiKeys.create', {
    businessId,
    data: { name: `Bench ${i}`, scopes: ['invoices:create'] },
  })) as { key: string }
  keys.push(made.key)
}
let nextKey = 0

/** Creates one invoice through the API; throws unless it is created. */
async function createInvoice(amountSat = 1_000) {
  const key = keys[nextKey++ % keys.length]
  const res = await api.request({
    path: '/api/v1/invoices',
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: amountSat, currency: 'SAT', description: 'bench' }),
  })
  const body = (await res.body.json()) as { id: string; lightningInvoice: string | null }
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${JSON.stringify(body)}`)
  return body
}

/** Runs `task` flat out with `concurrency` in flight for `durationSec`; returns calls/s. */
async function flatOut(task: () => Promise<unknown>, durationSec: number) {
  let done = 0
  let failures = 0
  const end = performance.now() + durationSec * 1000
  const started = performance.now()
  const worker = async () => {
    while (performance.now() < end) {
      try {
        await task()
        done++
      } catch (err) {
        if (failures++ === 0) console.error(String(err))
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { perSec: done / ((performance.now() - started) / 1000), done, failures }
}

const receiver = { arrivals: new Map<string, number>(), server: createServer() }
const waiters = new Map<string, () => void>()
try {
  // warm up: the JIT, the connection pool, the node's REST connection
  await flatOut(() => createInvoice(), 3)

  // (a) open loop at a fixed offered rate
  const total = Math.round(rate * seconds)
  const latencies: number[] = []
  let failed = 0
  const startAt = performance.now() + 100
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const scheduled = startAt + (i * 1000) / rate
      await new Promise((r) => setTimeout(r, Math.max(0, scheduled - performance.now())))
      try {
        await createInvoice()
        latencies.push(performance.now() - scheduled)
      } catch (err) {
        if (failed++ === 0) console.error(String(err))
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  console.log(
    `invoices: the API and simnet in one process on ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)} at the start`,
  )
  console.log(
    `(a) create at ${rate}/s offered for ${seconds} s (${latencies.length} created, ${failed} failed): ` +
      `${summary(latencies)} (target p99 < 100 ms)`,
  )

  // (b) flat out, and simnet's own lnd invoice rate the same way
  const viaApi = await flatOut(() => createInvoice(), flatSeconds)
  // simnet listens on the port after the product's (bench/product.ts)
  const services = (await (
    await fetch(`http://127.0.0.1:${PORT + 1}/control/services`)
  ).json()) as {
    baseUrl: string
    lnd: { tlsCertPem: string; nodes: Record<string, { macaroonHex: string | null }> }
  }
  const [nodeId, node] =
    Object.entries(services.lnd.nodes).find(([, n]) => n.macaroonHex !== null) ?? []
  if (!nodeId || !node?.macaroonHex) throw new Error('no simnet lnd node to measure')
  const lnd = new Pool(services.baseUrl.replace(/^http:/, 'https:'), {
    connections: concurrency * 2,
    connect: { ca: services.lnd.tlsCertPem },
  })
  const macaroon = node.macaroonHex
  const sim = await flatOut(async () => {
    const res = await lnd.request({
      path: `/lnd/${nodeId}/v1/invoices`,
      method: 'POST',
      headers: { 'Grpc-Metadata-macaroon': macaroon, 'content-type': 'application/json' },
      body: JSON.stringify({ value: '1000', memo: 'bench' }),
    })
    await res.body.text()
    if (res.statusCode !== 200) throw new Error(`simnet lnd: ${res.statusCode}`)
  }, flatSeconds)
  await lnd.close()
  console.log(
    `(b) create flat out, ${concurrency} in flight for ${flatSeconds} s: ${viaApi.perSec.toFixed(0)} invoices/s ` +
      `(${viaApi.failures} failed); simnet's lnd POST /v1/invoices the same way: ${sim.perSec.toFixed(0)}/s; ` +
      `ratio ${(viaApi.perSec / sim.perSec).toFixed(2)}`,
  )

  // (c) webhook delivery: settlement -> the signed call at a receiver
  receiver.server.on('request', (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const at = performance.now()
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        event: string
        invoice: { id: string } | null
      }
      if (body.event === 'invoice.settled' && body.invoice) {
        receiver.arrivals.set(body.invoice.id, at)
        waiters.get(body.invoice.id)?.()
      }
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((r) => receiver.server.listen(0, '127.0.0.1', r))
  const address = receiver.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  await call('invoiceWebhooks.create', {
    businessId,
    url: `http://127.0.0.1:${port}/webhook`,
    events: ['invoice.settled'],
  })
  const fromPaid: number[] = []
  const fromSent: number[] = []
  const oneByOne: number[] = []
  for (let i = 0; i < payments; i++) {
    const asked = performance.now()
    const invoice = await createInvoice()
    oneByOne.push(performance.now() - asked)
    const arrived = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no webhook for ${invoice.id}`)), 30_000)
      waiters.set(invoice.id, () => {
        clearTimeout(timer)
        resolve()
      })
      if (receiver.arrivals.has(invoice.id)) resolve()
    })
    const sent = performance.now()
    await simnet('/pay', { invoice: invoice.lightningInvoice })
    const paid = performance.now()
    await arrived
    const at = receiver.arrivals.get(invoice.id) ?? NaN
    fromPaid.push(Math.max(0, at - paid))
    fromSent.push(at - sent)
  }
  fromPaid.sort((a, b) => a - b)
  fromSent.sort((a, b) => a - b)
  const early = fromPaid.filter((v) => v === 0).length
  console.log(
    `(c) webhook delivery, ${payments} invoices paid one after another: settlement (simnet's /pay answered) -> ` +
      `invoice.settled at the receiver ${summary(fromPaid)} (target p99 < 1 s; ${early} arrived before /pay answered)`,
  )
  console.log(`    from the payment's start instead: ${summary(fromSent)}`)
  oneByOne.sort((a, b) => a - b)
  console.log(`    (creating those invoices one at a time: ${summary(oneByOne)})`)
  console.log(`load ${loadavg()[0]?.toFixed(2)} at the end`)
} finally {
  receiver.server.close()
  await api.close()
  await product.stop()
}

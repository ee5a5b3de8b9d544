/**
 * The client half of bench/simnet-invoices.ts, run as a child process. It speaks to simnet with
 * undici (the HTTP client the product's own lnd adapter uses), over keep-alive TLS connections.
 */
import { Client, Pool } from 'undici'

export interface ClientTask {
  baseUrl: string
  certPem: string
  merchant: { id: string; macaroonHex: string }
  payer: { id: string; macaroonHex: string }
  total: number
  warmup: number
  concurrency: number
}

export interface ClientReport {
  seconds: number
  failures: number
  /** CPU the client used during the measured round */
  cpuMs: number
  /** [r_hash base64, wall-clock ms when its SETTLED line arrived] */
  arrivals: [string, number][]
}

const wallClock = () => performance.timeOrigin + performance.now()

async function run(task: ClientTask): Promise<ClientReport> {
  const connect = { ca: task.certPem }
  const pool = new Pool(task.baseUrl, { connections: task.concurrency * 2, connect })
  const streamClient = new Client(task.baseUrl, { connect, bodyTimeout: 0 })
  const headersOf = (node: { macaroonHex: string }) => ({
    'Grpc-Metadata-macaroon': node.macaroonHex,
    'content-type': 'application/json',
  })
  const call = async (
    node: { id: string; macaroonHex: string },
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<string> => {
    const res = await pool.request({
      path: `/lnd/${node.id}${path}`,
      method,
      headers: headersOf(node),
      body: body === undefined ? null : JSON.stringify(body),
    })
    return res.body.text()
  }

  let isMeasuring = false
  const arrivals: [string, number][] = []
  let buffered = ''
  const subscription = await streamClient.request({
    path: `/lnd/${task.merchant.id}/v1/invoices/subscribe`,
    method: 'GET',
    headers: headersOf(task.merchant),
  })
  subscription.body.setEncoding('utf8')
  subscription.body.on('data', (chunk: string) => {
    const arrived = wallClock()
    const lines = (buffered + chunk).split('\n')
    buffered = lines.pop() ?? ''
    if (!isMeasuring) return
    for (const line of lines) {
      if (!line.includes('"SETTLED"')) continue
      const hash = /"r_hash":"([^"]+)"/.exec(line)?.[1]
      if (hash) arrivals.push([hash, arrived])
    }
  })
  subscription.body.on('error', () => undefined)
  await new Promise((r) => setTimeout(r, 100))

  let remaining = 0
  let failures = 0
  const worker = async () => {
    while (remaining > 0) {
      remaining--
      const added = JSON.parse(
        await call(task.merchant, 'POST', '/v1/invoices', { value: '1000', memo: 'bench' }),
      ) as {
        payment_request: string
      }
      const sent = await call(task.payer, 'POST', '/v2/router/send', {
        payment_request: added.payment_request,
        timeout_seconds: 60,
        no_inflight_updates: true,
      })
      if (!sent.includes('"SUCCEEDED"')) failures++
    }
  }
  const round = async (count: number) => {
    remaining = count
    await Promise.all(Array.from({ length: task.concurrency }, worker))
  }
  await round(task.warmup)
  failures = 0
  isMeasuring = true
  process.send?.({ type: 'measuring' })
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await round(task.total)
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  await new Promise((r) => setTimeout(r, 50))
  await Promise.all([pool.destroy(), streamClient.destroy()])
  return { seconds, failures, arrivals, cpuMs: (cpu.user + cpu.system) / 1000 }
}

process.once('message', (task) => {
  void run(task as ClientTask).then((report) => {
    process.send?.({ type: 'report', ...report }, () => process.exit(0))
  })
})

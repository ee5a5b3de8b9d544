/** The client half of bench/simnet-invoices.ts, run as a child process. */
import { Agent, request } from 'node:https'
import { Agent as HttpAgent, request as httpRequest } from 'node:http'

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
  const isPlain = task.baseUrl.startsWith('http:')
  const agent = isPlain
    ? new HttpAgent({ keepAlive: true, maxSockets: task.concurrency * 2 + 2 })
    : new Agent({ keepAlive: true, maxSockets: task.concurrency * 2 + 2, ca: task.certPem })
  const call = (
    node: { id: string; macaroonHex: string },
    method: string,
    path: string,
    body?: unknown,
    onData?: (chunk: string) => void,
  ) =>
    new Promise<string>((resolve, reject) => {
      const req = (isPlain ? httpRequest : request)(`${task.baseUrl}/lnd/${node.id}${path}`, {
        method,
        agent,
        headers: { 'Grpc-Metadata-macaroon': node.macaroonHex, 'content-type': 'application/json' },
      })
      req.on('error', reject)
      req.on('response', (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (onData ? onData(chunk) : (text += chunk)))
        res.on('end', () => resolve(text))
      })
      req.end(body === undefined ? undefined : JSON.stringify(body))
    })

  let isMeasuring = false
  const arrivals: [string, number][] = []
  let buffered = ''
  void call(task.merchant, 'GET', '/v1/invoices/subscribe', undefined, (chunk) => {
    const arrived = wallClock()
    buffered += chunk
    let nl: number
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl)
      buffered = buffered.slice(nl + 1)
      if (!isMeasuring || !line.includes('"SETTLED"')) continue
      const hash = /"r_hash":"([^"]+)"/.exec(line)?.[1]
      if (hash) arrivals.push([hash, arrived])
    }
  }).catch(() => undefined)
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
  agent.destroy()
  return { seconds, failures, arrivals, cpuMs: (cpu.user + cpu.system) / 1000 }
}

process.once('message', (task) => {
  void run(task as ClientTask).then((report) => {
    process.send?.({ type: 'report', ...report }, () => process.exit(0))
  })
})

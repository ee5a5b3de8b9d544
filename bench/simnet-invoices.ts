/**
 * Throughput and notification latency of simnet's LND REST surface.
 *
 *   node --import tsx bench/simnet-invoices.ts [--invoices 10000] [--concurrency 16] [--warmup 3000]
 *
 * This process runs simnet; a child process is the client, as an application would be. The
 * client creates invoices on a merchant node (POST /v1/invoices) and settles each from the
 * payer (POST /v2/router/send), over HTTPS keep-alive with N requests in flight, while a
 * /v1/invoices/subscribe stream stays open on the merchant. Latency runs from the instant the
 * world settles an invoice (taken here) to the arrival of its SETTLED line in the client
 * (taken there); both are high-resolution wall-clock times of the same machine.
 * `BENCH_CLIENT_ARGS` adds Node options to the client (e.g. `--cpu-prof`); run this process
 * with `node --cpu-prof` to profile simnet.
 */
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { startSimnet } from '../packages/simnet/src/server'
import { lndDaemons } from '../packages/simnet/src/services/lnd/daemon'
import type { ClientReport, ClientTask } from './simnet-invoices-client'

const { values } = parseArgs({
  options: {
    invoices: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '16' },
    // Rounds before the measured one, so the figure is the steady state once the JIT has
    // compiled the hot paths (the first few thousand invoices run noticeably slower).
    warmup: { type: 'string', default: '3000' },
  },
})
const total = Number(values.invoices)
const concurrency = Number(values.concurrency)
const wallClock = () => performance.timeOrigin + performance.now()

const dataDir = mkdtempSync(join(tmpdir(), 'simnet-bench-'))
const sim = await startSimnet({ port: 0, dataDir, mineIntervalMs: 0 })
const merchantId = 'bench-shop'
const merchant = sim.world.lightning.createNode(merchantId, 'bench shop')
sim.world.lightning.openChannelFromLsp(merchantId, 400_000_000)
sim.world.chain.mine(3)

const settledAt = new Map<string, number>()
merchant.on('invoice', (inv) => {
  if (inv.state === 'SETTLED')
    settledAt.set(Buffer.from(inv.paymentHash, 'hex').toString('base64'), wallClock())
})

const services = (await (await fetch(`${sim.url}/control/services`)).json()) as {
  lnd: { tlsCertPem: string }
}
const task: ClientTask = {
  baseUrl: process.env.BENCH_PLAIN ? sim.url : sim.url.replace('http:', 'https:'),
  certPem: services.lnd.tlsCertPem,
  merchant: { id: merchantId, macaroonHex: lndDaemons(sim.world).adminMacaroonHex(merchantId) },
  payer: { id: 'payer', macaroonHex: lndDaemons(sim.world).adminMacaroonHex('payer') },
  total,
  warmup: Number(values.warmup),
  concurrency,
}
const child = fork(fileURLToPath(new URL('./simnet-invoices-client.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_CLIENT_ARGS?.split(' ') ?? [])],
})
let cpuBefore = process.cpuUsage()
let eluBefore = performance.eventLoopUtilization()
const report = await new Promise<ClientReport>((resolve, reject) => {
  child.on('message', (m: { type: string } & ClientReport) => {
    if (m.type === 'measuring') {
      cpuBefore = process.cpuUsage()
      eluBefore = performance.eventLoopUtilization()
    } else resolve(m)
  })
  child.once('error', reject)
  child.once('exit', (code) => reject(new Error(`client exited with ${code}`)))
  child.send(task)
})

const cpu = process.cpuUsage(cpuBefore)
const elu = performance.eventLoopUtilization(eluBefore)
const serverCpuMs = (cpu.user + cpu.system) / 1000
const latencies = report.arrivals
  .map(([hash, arrived]) => arrived - (settledAt.get(hash) ?? NaN))
  .filter((ms) => Number.isFinite(ms))
  .sort((a, b) => a - b)
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN
console.log(
  `invoices created and settled: ${total} in ${report.seconds.toFixed(2)} s (concurrency ${concurrency}, after ${task.warmup} to warm up)`,
)
console.log(`throughput: ${(total / report.seconds).toFixed(0)} invoices/s (target >= 2000)`)
console.log(
  `settle -> /v1/invoices/subscribe latency: median ${pct(50).toFixed(2)} ms, p99 ${pct(99).toFixed(2)} ms over ${latencies.length} settlements (target median < 5 ms)`,
)
console.log(
  `CPU per invoice: simnet ${((serverCpuMs / total) * 1000).toFixed(0)} µs (its event loop busy ${(elu.utilization * 100).toFixed(0)}%), client ${((report.cpuMs / total) * 1000).toFixed(0)} µs (2 shared cores; load average ${loadavg()[0]!.toFixed(2)})`,
)
if (report.failures > 0) console.log(`failed payments: ${report.failures}`)

// The client exits by itself once its report is sent (writing a profile first, when asked to).
await new Promise((resolve) => {
  if (child.exitCode !== null) resolve(null)
  child.once('exit', resolve)
  setTimeout(() => child.kill(), 10_000).unref()
})
await sim.close()
rmSync(dataDir, { recursive: true, force: true })

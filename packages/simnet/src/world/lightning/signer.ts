import type { Worker } from 'node:worker_threads'
import { startModuleWorker } from '../../lib/module-worker'
import { LightningError } from '../lightning-api'
import { type InvoiceFields, encodeInvoice } from './bolt11'

export interface SignerRequest {
  batch: number
  invoices: InvoiceFields[]
}

export interface SignerReply {
  batch: number
  /** A payment request, or why that invoice could not be encoded, in the order asked. */
  results: (string | { error: string })[]
}

interface Pending {
  fields: InvoiceFields
  resolve: (paymentRequest: string) => void
  reject: (err: Error) => void
}

/**
 * Signs BOLT11 invoices on a worker thread, so the thread serving the network spends no time on
 * ECDSA (half of what making an invoice costs). Invoices asked for during one turn of the event
 * loop travel as one batch, one message each way. The worker starts with the first invoice; if
 * it cannot start or stops, invoices are signed on the calling thread instead and nothing is
 * lost.
 */
export class InvoiceSigner {
  private worker: Worker | null = null
  private isBroken = false
  private isClosed = false
  private queued: Pending[] = []
  private readonly inFlight = new Map<number, Pending[]>()
  private nextBatch = 1
  private flushScheduled = false
  /** How many invoices were signed on the worker thread, and how many on the calling one. */
  readonly counts = { onWorker: 0, here: 0 }

  constructor(private readonly workerUrl = new URL('./signer-worker.ts', import.meta.url)) {}

  encode(fields: InvoiceFields): Promise<string> {
    if (this.isBroken || this.isClosed) {
      this.counts.here++
      return encodeHere(fields)
    }
    return new Promise((resolve, reject) => {
      this.queued.push({ fields, resolve, reject })
      if (!this.flushScheduled) {
        this.flushScheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  private flush(): void {
    this.flushScheduled = false
    const items = this.queued
    this.queued = []
    if (items.length === 0) return
    const worker = this.isBroken || this.isClosed ? null : this.ensureWorker()
    if (!worker) {
      this.signHere(items)
      return
    }
    const batch = this.nextBatch++
    // The thread keeps the process alive only while it has invoices to sign.
    if (this.inFlight.size === 0) worker.ref()
    this.inFlight.set(batch, items)
    worker.postMessage({ batch, invoices: items.map((p) => p.fields) } satisfies SignerRequest)
  }

  private ensureWorker(): Worker | null {
    if (this.worker) return this.worker
    try {
      const worker = startModuleWorker(this.workerUrl)
      worker.unref()
      worker.on('message', (reply: SignerReply) => this.settle(reply))
      worker.on('error', (err) => this.fail(err))
      worker.on('exit', () => this.fail(new Error('the invoice signer stopped')))
      this.worker = worker
      return worker
    } catch (err) {
      this.fail(err instanceof Error ? err : new Error(String(err)))
      return null
    }
  }

  private settle(reply: SignerReply): void {
    const items = this.inFlight.get(reply.batch)
    if (!items) return
    this.inFlight.delete(reply.batch)
    if (this.inFlight.size === 0) this.worker?.unref()
    items.forEach((p, i) => {
      const result = reply.results[i]
      if (typeof result === 'string') {
        this.counts.onWorker++
        p.resolve(result)
      } else p.reject(new LightningError(result?.error ?? 'invoice could not be encoded'))
    })
  }

  /** The worker is gone: whatever it was signing is signed here, and so is everything after. */
  private fail(err: Error): void {
    if (!this.isBroken && !this.isClosed) console.error('simnet: invoice signer thread failed', err)
    this.isBroken = true
    this.worker = null
    const stranded = [...this.inFlight.values()].flat()
    this.inFlight.clear()
    this.signHere(stranded)
  }

  private signHere(items: Pending[]): void {
    this.counts.here += items.length
    for (const p of items) encodeHere(p.fields).then(p.resolve, p.reject)
  }

  async close(): Promise<void> {
    this.isClosed = true
    const worker = this.worker
    this.worker = null
    if (!worker) return
    worker.removeAllListeners('exit')
    worker.removeAllListeners('error')
    const stranded = [...this.inFlight.values()].flat()
    this.inFlight.clear()
    this.signHere(stranded)
    await worker.terminate()
  }
}

function encodeHere(fields: InvoiceFields): Promise<string> {
  try {
    return Promise.resolve(encodeInvoice(fields))
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)))
  }
}

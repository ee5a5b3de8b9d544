/**
 * The thread behind `InvoiceSigner`: encodes and signs each batch of invoices it is sent and
 * answers with their payment requests, in order.
 */
import { parentPort } from 'node:worker_threads'
import { encodeInvoice } from './bolt11'
import type { SignerReply, SignerRequest } from './signer'

const port = parentPort
if (!port) throw new Error('signer-worker runs as a worker thread')

port.on('message', ({ batch, invoices }: SignerRequest) => {
  const results = invoices.map((fields) => {
    try {
      return encodeInvoice(fields)
    } catch (err) {
      return { error: err instanceof Error ? err.message : String(err) }
    }
  })
  port.postMessage({ batch, results } satisfies SignerReply)
})

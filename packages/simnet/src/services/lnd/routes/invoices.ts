import type { FastifyInstance } from 'fastify'
import type { LnInvoice } from '../../../world/lightning-api'
import type { LndContext } from '../context'
import { GrpcCode, RpcError, invalidArgument } from '../errors'
import { b64ToHex, bodyOf, hexToB64, i64, readBool, readInt, readString } from '../proto'
import { RpcStream } from '../stream'
import { invoiceJson } from '../wire/invoice'

const MAX_INVOICES = 1000

function notFound(): RpcError {
  return new RpcError(GrpcCode.NotFound, 'unable to locate invoice')
}

/** AddInvoice, LookupInvoice, ListInvoices and the two invoice subscriptions. */
export function invoiceRoutes(scope: FastifyInstance, ctx: LndContext): void {
  scope.post('/v1/invoices', async (req) => {
    const body = bodyOf(req.body)
    const valueSat = readInt(body.value, 'value')
    const valueMsat = readInt(body.value_msat, 'value_msat')
    if (valueSat && valueMsat) throw invalidArgument('value and value_msat are mutually exclusive')
    if (valueSat < 0 || valueMsat < 0) throw invalidArgument('amount cannot be negative')
    const descriptionHash = b64ToHex(body.description_hash, 'description_hash')
    if (descriptionHash && descriptionHash.length !== 64)
      throw invalidArgument('description hash is 32 bytes')
    const invoice = await req.lndNode.addInvoiceAsync({
      valueMsat: valueMsat || valueSat * 1000,
      memo: readString(body.memo, 'memo'),
      ...(descriptionHash ? { descriptionHash } : {}),
      expirySec: readInt(body.expiry, 'expiry'),
    })
    return {
      r_hash: hexToB64(invoice.paymentHash),
      payment_request: invoice.paymentRequest,
      add_index: i64(invoice.addIndex),
      payment_addr: hexToB64(invoice.paymentAddr),
    }
  })

  scope.get('/v1/invoice/:r_hash_str', (req) => {
    const hash = (req.params as { r_hash_str: string }).r_hash_str
    if (!/^[0-9a-fA-F]{64}$/.test(hash)) {
      throw new RpcError(GrpcCode.Unknown, 'invalid hash string')
    }
    const invoice = req.lndNode.lookupInvoice(hash.toLowerCase())
    if (!invoice) throw notFound()
    return invoiceJson(invoice)
  })

  scope.get('/v2/invoices/lookup', (req) => {
    const q = req.query as Record<string, string | undefined>
    const hash = b64ToHex(q.payment_hash, 'payment_hash', { allowHex: true })
    const invoice = hash ? req.lndNode.lookupInvoice(hash) : undefined
    if (!invoice) throw notFound()
    return invoiceJson(invoice)
  })

  scope.get('/v1/invoices', (req) => {
    const q = req.query as Record<string, string | undefined>
    const pendingOnly = readBool(q.pending_only)
    const reversed = readBool(q.reversed)
    const offset = readInt(q.index_offset, 'index_offset')
    const max = readInt(q.num_max_invoices, 'num_max_invoices') || MAX_INVOICES
    const all = req.lndNode.invoices()
    const picked: LnInvoice[] = []
    const wanted = (inv: LnInvoice) =>
      !pendingOnly || inv.state === 'OPEN' || inv.state === 'ACCEPTED'
    if (reversed) {
      // Newest first below index_offset (0 means from the newest); returned oldest first, as lnd does.
      const start = offset > 0 ? Math.min(offset - 1, all.length) : all.length
      for (let i = start - 1; i >= 0 && picked.length < max; i--)
        if (wanted(all[i]!)) picked.push(all[i]!)
      picked.reverse()
    } else {
      for (let i = offset; i < all.length && picked.length < max; i++)
        if (wanted(all[i]!)) picked.push(all[i]!)
    }
    return {
      invoices: picked.map(invoiceJson),
      last_index_offset: i64(picked.at(-1)?.addIndex ?? 0),
      first_index_offset: i64(picked[0]?.addIndex ?? 0),
    }
  })

  scope.get('/v1/invoices/subscribe', (req, reply) => {
    const q = req.query as Record<string, string | undefined>
    const addIndex = readInt(q.add_index, 'add_index')
    const settleIndex = readInt(q.settle_index, 'settle_index')
    const node = req.lndNode
    const stream = new RpcStream(reply, ctx.streams)
    stream.open()
    if (addIndex > 0) {
      for (const inv of node.invoices().slice(addIndex)) stream.send(invoiceJson(inv))
    }
    if (settleIndex > 0) {
      const settled = node
        .invoices()
        .filter((inv) => inv.state === 'SETTLED' && inv.settleIndex > settleIndex)
        .sort((a, b) => a.settleIndex - b.settleIndex)
      for (const inv of settled) stream.send(invoiceJson(inv))
    }
    const off = node.on('invoice', (inv) => {
      if (inv.state === 'OPEN' || inv.state === 'SETTLED') stream.send(invoiceJson(inv))
    })
    stream.onClose(off)
  })

  scope.get('/v2/invoices/subscribe/:r_hash', (req, reply) => {
    const hash = b64ToHex((req.params as { r_hash: string }).r_hash, 'r_hash')
    const node = req.lndNode
    const stream = new RpcStream(reply, ctx.streams)
    const invoice = hash.length === 64 ? node.lookupInvoice(hash) : undefined
    if (!invoice) {
      stream.fail(notFound())
      return
    }
    const isFinal = (inv: LnInvoice) => inv.state === 'SETTLED' || inv.state === 'CANCELED'
    stream.send(invoiceJson(invoice))
    if (isFinal(invoice)) {
      stream.end()
      return
    }
    const off = node.on('invoice', (inv) => {
      if (inv.paymentHash !== hash) return
      stream.send(invoiceJson(inv))
      if (isFinal(inv)) stream.end()
    })
    stream.onClose(off)
  })

  scope.post('/v2/invoices/cancel', (req) => {
    const hash = b64ToHex(bodyOf(req.body).payment_hash, 'payment_hash')
    if (!req.lndNode.lookupInvoice(hash)) throw notFound()
    req.lndNode.cancelInvoice(hash)
    return {}
  })
}

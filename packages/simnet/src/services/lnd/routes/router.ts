import type { FastifyInstance } from 'fastify'
import type { LnPayment } from '../../../world/lightning-api'
import type { LndContext } from '../context'
import { GrpcCode, RpcError, invalidArgument, unknownError } from '../errors'
import { b64ToHex, bodyOf, i64, readBool, readInt, readString } from '../proto'
import { RpcStream } from '../stream'
import { payReqJson } from '../wire/invoice'
import { paymentJson } from '../wire/payment'

const isFinal = (p: LnPayment) => p.status === 'SUCCEEDED' || p.status === 'FAILED'

/** Router SendPaymentV2 / TrackPaymentV2, DecodePayReq and ListPayments. */
export function routerRoutes(scope: FastifyInstance, ctx: LndContext): void {
  scope.post('/v2/router/send', (req, reply) => {
    const body = bodyOf(req.body)
    const node = req.lndNode
    const stream = new RpcStream(reply, ctx.streams)
    try {
      const pr = readString(body.payment_request, 'payment_request')
      if (!pr)
        throw invalidArgument(
          'payment_request is required: keysend and manual routes are not supported',
        )
      if (readInt(body.timeout_seconds, 'timeout_seconds') <= 0) {
        throw unknownError('timeout_seconds must be specified')
      }
      const amtSat = readInt(body.amt, 'amt')
      const amtMsat = readInt(body.amt_msat, 'amt_msat')
      if (amtSat && amtMsat) throw unknownError('sat and msat arguments are mutually exclusive')
      const noInflight = readBool(body.no_inflight_updates)
      // The world records the request as given, normalised; matching on it spares a decode.
      const normalised = pr
        .trim()
        .toLowerCase()
        .replace(/^lightning:/, '')
      const off = node.on('payment', (p) => {
        if (p.paymentRequest !== normalised) return
        if (noInflight && !isFinal(p)) return
        stream.send(paymentJson(p))
        if (isFinal(p)) stream.end()
      })
      stream.onClose(off)
      const feeLimitSat = readInt(body.fee_limit_sat, 'fee_limit_sat')
      node
        .pay(pr, {
          ...(amtSat || amtMsat ? { amountMsat: amtMsat || amtSat * 1000 } : {}),
          feeLimitSat,
        })
        .catch((err: unknown) => stream.fail(err))
    } catch (err) {
      stream.fail(err)
    }
  })

  scope.get('/v2/router/track/:payment_hash', (req, reply) => {
    const hash = b64ToHex((req.params as { payment_hash: string }).payment_hash, 'payment_hash')
    const q = req.query as Record<string, string | undefined>
    const noInflight = readBool(q.no_inflight_updates)
    const node = req.lndNode
    const stream = new RpcStream(reply, ctx.streams)
    const payment = node.lookupPayment(hash)
    if (!payment) {
      stream.fail(new RpcError(GrpcCode.NotFound, "payment isn't initiated"))
      return
    }
    if (!noInflight || isFinal(payment)) stream.send(paymentJson(payment))
    if (isFinal(payment)) {
      stream.end()
      return
    }
    const off = node.on('payment', (p) => {
      if (p.paymentHash !== hash) return
      if (noInflight && !isFinal(p)) return
      stream.send(paymentJson(p))
      if (isFinal(p)) stream.end()
    })
    stream.onClose(off)
  })

  scope.get('/v1/payreq/:pay_req', (req) => {
    const pr = (req.params as { pay_req: string }).pay_req
    return payReqJson(ctx.world.lightning.decode(pr))
  })

  scope.get('/v1/payments', (req) => {
    const q = req.query as Record<string, string | undefined>
    const includeIncomplete =
      q.include_incomplete === undefined ? true : readBool(q.include_incomplete)
    const offset = readInt(q.index_offset, 'index_offset')
    const max = readInt(q.max_payments, 'max_payments') || 100
    const reversed = readBool(q.reversed)
    let all = req.lndNode.payments().filter((p) => includeIncomplete || p.status === 'SUCCEEDED')
    all = reversed
      ? all.filter((p) => offset === 0 || p.paymentIndex < offset).slice(-max)
      : all.filter((p) => p.paymentIndex > offset).slice(0, max)
    return {
      payments: all.map(paymentJson),
      first_index_offset: i64(all[0]?.paymentIndex ?? 0),
      last_index_offset: i64(all.at(-1)?.paymentIndex ?? 0),
      total_num_payments: i64(readBool(q.count_total_payments) ? req.lndNode.payments().length : 0),
    }
  })
}

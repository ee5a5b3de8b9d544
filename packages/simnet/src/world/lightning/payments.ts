import type { LnPayment } from '../lightning-api'
import { LightningError } from '../lightning-api'
import type { SimLightning } from './network'
import type { SimNode } from './node'
import { applyRoute, findRoute, hopAmounts, routeCarries, totalSpendableMsat } from './router'

interface Target {
  destination: string
  paymentHash: string
  valueMsat: number
  createdAt: number
  expirySec: number
}

/**
 * Pays a BOLT11 from a node, synchronously: checks like lnd's router does before sending,
 * then finds a route, lets the destination accept or reject, and moves the balances.
 */
export function executePayment(
  net: SimLightning,
  payer: SimNode,
  paymentRequest: string,
  opts: { amountMsat?: number; feeLimitSat?: number },
): LnPayment {
  const pr = paymentRequest
    .trim()
    .toLowerCase()
    .replace(/^lightning:/, '')
  const known = net.byRequest.get(pr)
  let target: Target
  if (known) {
    target = {
      destination: known.node.pubkey,
      paymentHash: known.invoice.paymentHash,
      valueMsat: known.invoice.valueMsat,
      createdAt: known.invoice.createdAt,
      expirySec: known.invoice.expirySec,
    }
  } else {
    const d = net.decode(pr)
    target = { ...d, createdAt: d.timestamp }
  }
  if (target.valueMsat === 0 && !opts.amountMsat) {
    throw new LightningError('amount must be specified when paying a zero amount invoice')
  }
  if (target.valueMsat > 0 && opts.amountMsat && opts.amountMsat !== target.valueMsat) {
    throw new LightningError('amount must not be specified when paying a non-zero amount invoice')
  }
  const amountMsat = target.valueMsat || opts.amountMsat || 0
  const nowMs = net.nowMs()
  if (nowMs >= (target.createdAt + target.expirySec) * 1000) {
    const until = new Date((target.createdAt + target.expirySec) * 1000).toISOString()
    throw new LightningError(`invoice expired. Valid until ${until}`)
  }
  if (target.destination === payer.pubkey) throw new LightningError('no self-payments allowed')
  const previous = payer.lookupPayment(target.paymentHash)
  if (previous?.status === 'SUCCEEDED') throw new LightningError('invoice is already paid')
  if (previous?.status === 'IN_FLIGHT') throw new LightningError('payment is in transition')

  const payment = payer.recordPayment({
    paymentHash: target.paymentHash,
    preimage: null,
    paymentRequest: pr,
    valueMsat: amountMsat,
    feeMsat: 0,
    status: 'IN_FLIGHT',
    failureReason: 'FAILURE_REASON_NONE',
    creationTimeNs: (BigInt(nowMs) * 1_000_000n).toString(),
    paymentIndex: 0,
  })
  const fail = (reason: LnPayment['failureReason']): LnPayment => {
    payment.status = 'FAILED'
    payment.failureReason = reason
    net.save()
    payer.paymentChanged(payment)
    return payment
  }

  const dest = net.nodeByPubkey(target.destination)
  if (!dest) return fail('FAILURE_REASON_NO_ROUTE')
  const channels = net.book.records()
  const route = findRoute(channels, payer.id, dest.id, amountMsat)
  if (!route) {
    return fail(
      totalSpendableMsat(channels, payer.id) < amountMsat
        ? 'FAILURE_REASON_INSUFFICIENT_BALANCE'
        : 'FAILURE_REASON_NO_ROUTE',
    )
  }
  // the forwarders' fees; like lnd, a route dearer than the fee limit is no route
  const amounts = hopAmounts(route, amountMsat, (id) => net.forwardingFee(id))
  const feeMsat = (amounts[0] ?? amountMsat) - amountMsat
  if (opts.feeLimitSat !== undefined && feeMsat > opts.feeLimitSat * 1000) {
    return fail('FAILURE_REASON_NO_ROUTE')
  }
  if (!routeCarries(route, amounts)) {
    return fail(
      totalSpendableMsat(channels, payer.id) < amountMsat + feeMsat
        ? 'FAILURE_REASON_INSUFFICIENT_BALANCE'
        : 'FAILURE_REASON_NO_ROUTE',
    )
  }
  const invoice = dest.lookupInvoice(target.paymentHash)
  if (!invoice || invoice.state !== 'OPEN' || amountMsat < invoice.valueMsat) {
    return fail('FAILURE_REASON_INCORRECT_PAYMENT_DETAILS')
  }
  applyRoute(route, amounts)
  dest.settle(invoice, amountMsat)
  payment.feeMsat = feeMsat
  payment.status = 'SUCCEEDED'
  payment.preimage = invoice.preimage
  net.save()
  payer.paymentChanged(payment)
  for (const hop of route) net.channelChanged(hop.channel)
  return payment
}

/** BOLT11 invoices: for the network the product runs on, with whole sats, not expired. */
import { decode as decodeInvoice } from 'light-bolt11-decoder'
import { sameParams } from './bitcoin-address'
import { refuse, type DestinationRefusal, type InvoiceDestination } from './destination-types'
import { BITCOIN_NETWORKS, NETWORK_PARAMS, type BitcoinNetwork } from './networks'

const INVOICE_PREFIXES = BITCOIN_NETWORKS.map((n) => ({
  network: n,
  prefix: `ln${NETWORK_PARAMS[n].invoicePrefix}`,
}))
  // the longest first: lnbcrt before lnbc, lntbs before lntb
  .sort((a, b) => b.prefix.length - a.prefix.length)

function invoiceNetwork(invoice: string): BitcoinNetwork | null {
  const hrp = invoice.slice(0, invoice.lastIndexOf('1'))
  for (const { network, prefix } of INVOICE_PREFIXES) {
    if (hrp.startsWith(prefix) && /^\d*[munp]?$/.test(hrp.slice(prefix.length))) return network
  }
  return null
}

/** A BOLT11 invoice for `network`, not expired at `now`. */
export function parseInvoice(
  text: string,
  network: BitcoinNetwork,
  now: Date,
): { ok: true; destination: InvoiceDestination } | DestinationRefusal {
  const invoice = text.trim().replace(/^lightning:/i, '')
  if (invoice !== invoice.toLowerCase() && invoice !== invoice.toUpperCase()) {
    return refuse('WITHDRAW_INVALID_INVOICE', 'mixed-case invoice')
  }
  const lower = invoice.toLowerCase()
  const its = invoiceNetwork(lower)
  if (its === null) {
    return refuse('WITHDRAW_WRONG_NETWORK', 'unknown invoice network')
  }
  if (
    !sameParams(its, network) ||
    NETWORK_PARAMS[its].invoicePrefix !== NETWORK_PARAMS[network].invoicePrefix
  ) {
    return refuse('WITHDRAW_WRONG_NETWORK', `a ${its} invoice cannot be paid on ${network}`)
  }
  let decoded: ReturnType<typeof decodeInvoice>
  try {
    decoded = decodeInvoice(lower)
  } catch (err) {
    return refuse(
      'WITHDRAW_INVALID_INVOICE',
      err instanceof Error ? err.message : 'invalid invoice',
    )
  }
  const section = (name: string) => decoded.sections.find((s) => s.name === name)
  const valueOf = (name: string): unknown => {
    const s = section(name)
    return s && 'value' in s ? s.value : undefined
  }
  const paymentHash = valueOf('payment_hash')
  const timestamp = valueOf('timestamp')
  if (typeof paymentHash !== 'string' || typeof timestamp !== 'number') {
    return refuse('WITHDRAW_INVALID_INVOICE', 'no payment hash')
  }
  const msat = valueOf('amount')
  const amountMsat = typeof msat === 'string' ? Number(msat) : 0
  if (amountMsat % 1000 !== 0) {
    return refuse('WITHDRAW_INVALID_INVOICE', 'amount in fractions of a sat')
  }
  const expiresAt = new Date((timestamp + decoded.expiry) * 1000)
  if (expiresAt.getTime() <= now.getTime()) {
    return refuse('WITHDRAW_INVOICE_EXPIRED', 'the invoice has expired')
  }
  const description = valueOf('description')
  const descriptionHash = valueOf('description_hash')
  return {
    ok: true,
    destination: {
      type: 'bolt11',
      invoice: lower,
      amountSat: amountMsat > 0 ? amountMsat / 1000 : null,
      paymentHash,
      expiresAt,
      description: typeof description === 'string' ? description : null,
      descriptionHash: typeof descriptionHash === 'string' ? descriptionHash : null,
    },
  }
}

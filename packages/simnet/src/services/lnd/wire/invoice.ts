import type { DecodedInvoice, LnInvoice } from '../../../world/lightning-api'
import { hexToB64, i64 } from '../proto'

/** The feature bits lnd sets on its invoices (var onion, payment secret, multi-path). */
export const INVOICE_FEATURES = {
  '9': { name: 'tlv-onion', is_required: false, is_known: true },
  '14': { name: 'payment-addr', is_required: true, is_known: true },
  '17': { name: 'multi-path-payments', is_required: false, is_known: true },
}

/** lnrpc.Invoice */
export function invoiceJson(inv: LnInvoice) {
  const isSettled = inv.state === 'SETTLED'
  return {
    memo: inv.memo,
    r_preimage: hexToB64(inv.preimage),
    r_hash: hexToB64(inv.paymentHash),
    value: i64(Math.floor(inv.valueMsat / 1000)),
    value_msat: i64(inv.valueMsat),
    settled: isSettled,
    creation_date: i64(inv.createdAt),
    settle_date: i64(inv.settledAt ?? 0),
    payment_request: inv.paymentRequest,
    description_hash: hexToB64(inv.descriptionHash),
    expiry: i64(inv.expirySec),
    fallback_addr: '',
    cltv_expiry: '80',
    route_hints: [],
    private: false,
    add_index: i64(inv.addIndex),
    settle_index: i64(inv.settleIndex),
    amt_paid: i64(inv.amtPaidMsat),
    amt_paid_sat: i64(Math.floor(inv.amtPaidMsat / 1000)),
    amt_paid_msat: i64(inv.amtPaidMsat),
    state: inv.state,
    htlcs: [],
    features: INVOICE_FEATURES,
    is_keysend: false,
    payment_addr: hexToB64(inv.paymentAddr),
    is_amp: false,
    amp_invoice_state: {},
    is_blinded: false,
    blinded_path_config: null,
  }
}

/** lnrpc.PayReq */
export function payReqJson(d: DecodedInvoice) {
  return {
    destination: d.destination,
    payment_hash: d.paymentHash,
    num_satoshis: i64(Math.floor(d.valueMsat / 1000)),
    timestamp: i64(d.timestamp),
    expiry: i64(d.expirySec),
    description: d.description,
    description_hash: d.descriptionHash ?? '',
    fallback_addr: '',
    cltv_expiry: i64(d.cltvExpiry),
    route_hints: [],
    payment_addr: hexToB64(d.paymentAddr),
    num_msat: i64(d.valueMsat),
    features: INVOICE_FEATURES,
    blinded_paths: [],
  }
}

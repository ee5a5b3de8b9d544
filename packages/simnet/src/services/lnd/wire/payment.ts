import type { LnPayment } from '../../../world/lightning-api'
import { i64 } from '../proto'

/** lnrpc.Payment; hashes and preimages are hex here, as lnd sends them. */
export function paymentJson(p: LnPayment) {
  const valueSat = Math.floor(p.valueMsat / 1000)
  const feeSat = Math.floor(p.feeMsat / 1000)
  return {
    payment_hash: p.paymentHash,
    value: i64(valueSat),
    creation_date: i64(Math.floor(Number(BigInt(p.creationTimeNs) / 1_000_000_000n))),
    fee: i64(feeSat),
    payment_preimage: p.preimage ?? '0'.repeat(64),
    value_sat: i64(valueSat),
    value_msat: i64(p.valueMsat),
    payment_request: p.paymentRequest,
    status: p.status,
    fee_sat: i64(feeSat),
    fee_msat: i64(p.feeMsat),
    creation_time_ns: p.creationTimeNs,
    htlcs: [],
    payment_index: i64(p.paymentIndex),
    failure_reason: p.failureReason,
    first_hop_custom_records: {},
  }
}

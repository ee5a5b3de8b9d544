import * as btc from '@scure/btc-signer'
import { hex } from '@scure/base'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import type { KeyRing } from '../../world/api'
import { REGTEST } from '../../world/chain/network'

/**
 * The on-chain HTLC of a swap as a taproot output (loop's v3 HTLCs are P2TR). The simulated
 * client holds the key, so its sweep is a real key-path spend the chain accepts.
 */
export function htlcKey(keys: KeyRing, swapIdHex: string) {
  const priv = keys.privateKey(`loop:htlc:${swapIdHex}`)
  const xonly = secp256k1.getPublicKey(priv, true).slice(1)
  const payment = btc.p2tr(xonly, undefined, REGTEST)
  return { priv, xonly, address: payment.address, script: payment.script }
}

/** Sweeps the HTLC output to the destination, paying the miner fee. */
export function buildSweep(
  keys: KeyRing,
  swapIdHex: string,
  htlc: { txid: string; vout: number; valueSat: number },
  dest: string,
  feeSat: number,
): string {
  const key = htlcKey(keys, swapIdHex)
  const tx = new btc.Transaction()
  tx.addInput({
    txid: htlc.txid,
    index: htlc.vout,
    witnessUtxo: { script: key.script, amount: BigInt(htlc.valueSat) },
    tapInternalKey: key.xonly,
  })
  tx.addOutputAddress(dest, BigInt(htlc.valueSat - feeSat), REGTEST)
  tx.signIdx(key.priv, 0)
  tx.finalize()
  return hex.encode(tx.extract())
}

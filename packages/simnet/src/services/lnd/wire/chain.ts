import type { Chain, ChainTx } from '../../../world/chain-api'
import { i64 } from '../proto'

const SCRIPT_TYPES: Record<string, string> = {
  '0014': 'SCRIPT_TYPE_WITNESS_V0_PUBKEY_HASH',
  '0020': 'SCRIPT_TYPE_WITNESS_V0_SCRIPT_HASH',
  '5120': 'SCRIPT_TYPE_WITNESS_V1_TAPROOT',
  '76a9': 'SCRIPT_TYPE_PUBKEY_HASH',
  a914: 'SCRIPT_TYPE_SCRIPT_HASH',
}

function outputType(scriptHex: string): string {
  if (scriptHex.startsWith('6a')) return 'SCRIPT_TYPE_NULLDATA'
  return SCRIPT_TYPES[scriptHex.slice(0, 4)] ?? 'SCRIPT_TYPE_NON_STANDARD'
}

/** lnrpc.Transaction from the point of view of one wallet (amount signed, fee if it paid). */
export function transactionJson(tx: ChainTx, owner: string, chain: Chain) {
  const ours = (address: string) => chain.ownerOf(address) === owner
  const received = tx.vout.reduce((s, o) => s + (ours(o.address) ? o.valueSat : 0), 0)
  const spent = tx.vin.reduce((s, i) => s + (ours(i.prevout.address) ? i.prevout.valueSat : 0), 0)
  const didPay = spent > 0
  return {
    tx_hash: tx.txid,
    amount: i64(received - spent),
    num_confirmations: chain.confirmations(tx.txid),
    block_hash: tx.blockHash ?? '',
    block_height: tx.blockHeight ?? 0,
    time_stamp: i64(tx.firstSeen),
    total_fees: i64(didPay ? tx.feeSat : 0),
    dest_addresses: tx.vout.map((o) => o.address).filter(Boolean),
    output_details: tx.vout.map((o, index) => ({
      output_type: outputType(o.scriptPubKeyHex),
      address: o.address,
      pk_script: o.scriptPubKeyHex,
      output_index: i64(index),
      amount: i64(o.valueSat),
      is_our_address: ours(o.address),
    })),
    raw_tx_hex: chain.rawTx(tx.txid) ?? '',
    label: tx.label ?? '',
    previous_outpoints: tx.vin.map((i) => ({
      outpoint: `${i.txid}:${i.vout}`,
      is_our_output: ours(i.prevout.address),
    })),
  }
}

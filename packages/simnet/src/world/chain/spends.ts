/**
 * Transactions that enter the mempool: an owner's spend of the coins picked for it, signed with
 * the keys of their addresses, and a raw transaction broadcast from outside, checked against the
 * chain's unspent outputs with bitcoind's reasons.
 */
import { ChainError } from '../chain-api'
import type { ChainIndex, ChainState, StoredTx } from './chain-state'
import type { selectCoins } from './coin-selection'
import { addressScript, scriptAddress } from './network'
import { buildSignedTx, parseRawTx } from './tx-builder'
import type { HdWallets } from './wallet'

type CoinPlan = ReturnType<typeof selectCoins>

/** The planned spend, signed; not yet in the mempool. */
export function signedSpend(
  state: ChainState,
  wallets: HdWallets,
  plan: CoinPlan,
  firstSeen: number,
  label?: string,
): StoredTx {
  const built = buildSignedTx(
    plan.inputs.map((u) => {
      const info = state.addresses[u.address]!
      return {
        txid: u.txid,
        vout: u.vout,
        valueSat: u.valueSat,
        scriptHex: state.txs[u.txid]!.vout[u.vout]!.scriptPubKeyHex,
        privateKey: wallets.privateKey(info.owner, info.index),
      }
    }),
    plan.outputs,
  )
  return {
    txid: built.txid,
    hex: built.hex,
    isCoinbase: false,
    vin: plan.inputs.map((u) => ({
      txid: u.txid,
      vout: u.vout,
      prevout: state.txs[u.txid]!.vout[u.vout]!,
    })),
    vout: plan.outputs.map((o) => ({
      address: o.address,
      valueSat: o.amountSat,
      scriptPubKeyHex: toHex(addressScript(o.address)),
    })),
    feeSat: plan.feeSat,
    vsize: built.vsize,
    weight: built.weight,
    blockHeight: null,
    blockHash: null,
    blockTime: null,
    firstSeen,
    ...(label ? { label } : {}),
  }
}

/**
 * A raw transaction from outside (Esplora's broadcast), parsed and checked: known, empty,
 * spending what is missing or spent, or paying out more than it spends is refused.
 */
export function checkedBroadcast(
  state: ChainState,
  index: ChainIndex,
  rawHex: string,
  firstSeen: number,
): StoredTx {
  const parsed = parseRawTx(rawHex.trim())
  if (state.txs[parsed.txid]) throw new ChainError('Transaction already in block chain')
  if (parsed.inputs.length === 0 || parsed.outputs.length === 0) {
    throw new ChainError('bad-txns-vin-empty')
  }
  const vin = parsed.inputs.map((input) => {
    const prev = state.txs[input.txid]?.vout[input.vout]
    const key = `${input.txid}:${input.vout}`
    if (!prev || index.spentBy.has(key)) {
      throw new ChainError('bad-txns-inputs-missingorspent')
    }
    return { txid: input.txid, vout: input.vout, prevout: prev }
  })
  const inSum = vin.reduce((s, i) => s + i.prevout.valueSat, 0)
  const outSum = parsed.outputs.reduce((s, o) => s + o.valueSat, 0)
  if (outSum > inSum) throw new ChainError('bad-txns-in-belowout')
  return {
    txid: parsed.txid,
    hex: parsed.hex,
    isCoinbase: false,
    vin,
    vout: parsed.outputs.map((o) => ({
      address: scriptAddress(fromHex(o.scriptHex)),
      valueSat: o.valueSat,
      scriptPubKeyHex: o.scriptHex,
    })),
    feeSat: inSum - outSum,
    vsize: parsed.vsize,
    weight: parsed.weight,
    blockHeight: null,
    blockHash: null,
    blockTime: null,
    firstSeen,
  }
}

function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}
function fromHex(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text, 'hex'))
}

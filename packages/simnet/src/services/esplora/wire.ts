import * as btc from '@scure/btc-signer'
import { hex } from '@scure/base'
import type { Chain, ChainTx, TxOutput } from '../../world/chain-api'
import { scriptType } from '../../world/chain/network'

/** Script disassembly in Esplora's notation (OP_0 OP_PUSHBYTES_20 <hex> ...). */
function scriptAsm(scriptHex: string): string {
  if (!scriptHex) return ''
  try {
    return btc.Script.decode(hex.decode(scriptHex))
      .map((item) => {
        if (typeof item === 'number') return item === 0 ? 'OP_0' : `OP_PUSHNUM_${item}`
        if (typeof item === 'string') return `OP_${item}`
        const n = item.length
        const op = n <= 75 ? `OP_PUSHBYTES_${n}` : n <= 0xff ? 'OP_PUSHDATA1' : 'OP_PUSHDATA2'
        return `${op} ${hex.encode(item)}`
      })
      .join(' ')
  } catch {
    return ''
  }
}

function outputJson(o: TxOutput) {
  const script = hex.decode(o.scriptPubKeyHex)
  return {
    scriptpubkey: o.scriptPubKeyHex,
    scriptpubkey_asm: scriptAsm(o.scriptPubKeyHex),
    scriptpubkey_type: scriptType(script),
    ...(o.address ? { scriptpubkey_address: o.address } : {}),
    value: o.valueSat,
  }
}

export function statusJson(tx: ChainTx) {
  return tx.blockHeight === null
    ? { confirmed: false }
    : {
        confirmed: true,
        block_height: tx.blockHeight,
        block_hash: tx.blockHash,
        block_time: tx.blockTime,
      }
}

interface RawDetails {
  version: number
  locktime: number
  size: number
  inputs: { scriptSigHex: string; witness: string[]; sequence: number }[]
}

const rawCache = new Map<string, RawDetails>()

/** Version, locktime, size and input scripts come from the serialised transaction itself. */
function rawDetails(chain: Chain, txid: string): RawDetails {
  const cached = rawCache.get(txid)
  if (cached) return cached
  const rawHex = chain.rawTx(txid) ?? ''
  const tx = btc.Transaction.fromRaw(hex.decode(rawHex), {
    allowUnknownInputs: true,
    allowUnknownOutputs: true,
    disableScriptCheck: true,
  })
  const inputs: RawDetails['inputs'] = []
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i)
    inputs.push({
      scriptSigHex: input.finalScriptSig ? hex.encode(input.finalScriptSig) : '',
      witness: (input.finalScriptWitness ?? []).map((w) => hex.encode(w)),
      sequence: input.sequence ?? 0xffffffff,
    })
  }
  const details = { version: tx.version, locktime: tx.lockTime, size: rawHex.length / 2, inputs }
  if (rawCache.size > 20_000) rawCache.clear()
  rawCache.set(txid, details)
  return details
}

/** A transaction as Esplora's GET /tx/:txid returns it. */
export function txJson(chain: Chain, tx: ChainTx) {
  const raw = rawDetails(chain, tx.txid)
  const isCoinbase = tx.vin.length === 0
  const vin = isCoinbase
    ? [
        {
          txid: '0'.repeat(64),
          vout: 0xffffffff,
          prevout: null,
          scriptsig: raw.inputs[0]?.scriptSigHex ?? '',
          scriptsig_asm: scriptAsm(raw.inputs[0]?.scriptSigHex ?? ''),
          is_coinbase: true,
          sequence: raw.inputs[0]?.sequence ?? 0xffffffff,
        },
      ]
    : tx.vin.map((input, i) => {
        const r = raw.inputs[i]
        return {
          txid: input.txid,
          vout: input.vout,
          prevout: outputJson(input.prevout),
          scriptsig: r?.scriptSigHex ?? '',
          scriptsig_asm: scriptAsm(r?.scriptSigHex ?? ''),
          ...(r && r.witness.length > 0 ? { witness: r.witness } : {}),
          is_coinbase: false,
          sequence: r?.sequence ?? 0xffffffff,
        }
      })
  return {
    txid: tx.txid,
    version: raw.version,
    locktime: raw.locktime,
    vin,
    vout: tx.vout.map(outputJson),
    size: raw.size,
    weight: tx.weight,
    sigops: 0,
    fee: tx.feeSat,
    status: statusJson(tx),
  }
}

interface Stats {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

/** chain_stats and mempool_stats of an address. */
export function addressStats(address: string, txs: ChainTx[]) {
  const blank = (): Stats => ({
    funded_txo_count: 0,
    funded_txo_sum: 0,
    spent_txo_count: 0,
    spent_txo_sum: 0,
    tx_count: 0,
  })
  const chain = blank()
  const mempool = blank()
  for (const tx of txs) {
    const s = tx.blockHeight === null ? mempool : chain
    s.tx_count++
    for (const o of tx.vout) {
      if (o.address !== address) continue
      s.funded_txo_count++
      s.funded_txo_sum += o.valueSat
    }
    for (const i of tx.vin) {
      if (i.prevout.address !== address) continue
      s.spent_txo_count++
      s.spent_txo_sum += i.prevout.valueSat
    }
  }
  return { address, chain_stats: chain, mempool_stats: mempool }
}

import * as btc from '@scure/btc-signer'
import { hex } from '@scure/base'
import { sha256 } from '@noble/hashes/sha2.js'
import { ChainError } from '../chain-api'
import type { StoredTx } from './chain-state'
import { addressScript } from './network'

/** A serialised transaction with the figures the chain records. */
interface BuiltTx {
  txid: string
  hex: string
  vsize: number
  weight: number
}

interface SigningInput {
  txid: string
  vout: number
  valueSat: number
  scriptHex: string
  privateKey: Uint8Array
}

export function buildSignedTx(
  inputs: SigningInput[],
  outputs: { address: string; amountSat: number }[],
): BuiltTx {
  const tx = new btc.Transaction()
  for (const input of inputs) {
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      witnessUtxo: { script: hex.decode(input.scriptHex), amount: BigInt(input.valueSat) },
    })
  }
  for (const output of outputs) {
    tx.addOutput({ script: addressScript(output.address), amount: BigInt(output.amountSat) })
  }
  inputs.forEach((input, i) => tx.signIdx(input.privateKey, i))
  tx.finalize()
  return { txid: tx.id, hex: tx.hex, vsize: tx.vsize, weight: tx.weight }
}

/** A coinbase with the BIP34 height push, paying the given outputs. */
function buildCoinbaseTx(
  height: number,
  outputs: { scriptHex: string; amountSat: number }[],
): BuiltTx {
  const raw = btc.RawTx.encode({
    version: 2,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: btc.Script.encode([btc.ScriptNum().encode(BigInt(height)), 'OP_0']),
        sequence: 0xffffffff,
      },
    ],
    outputs: outputs.map((o) => ({ amount: BigInt(o.amountSat), script: hex.decode(o.scriptHex) })),
    witnesses: [],
    lockTime: 0,
  })
  const tx = btc.Transaction.fromRaw(raw, { allowUnknownInputs: true, disableScriptCheck: true })
  return { txid: tx.id, hex: hex.encode(raw), vsize: tx.vsize, weight: tx.weight }
}

/** The chain's record of a block's coinbase paying the outputs (not yet marked mined). */
export function coinbaseRecord(
  height: number,
  outputs: { address: string; amountSat: number }[],
  time: number,
): StoredTx {
  const vout = outputs.map((o) => ({
    address: o.address,
    valueSat: o.amountSat,
    scriptPubKeyHex: hex.encode(addressScript(o.address)),
  }))
  const built = buildCoinbaseTx(
    height,
    vout.map((o) => ({ scriptHex: o.scriptPubKeyHex, amountSat: o.valueSat })),
  )
  return {
    txid: built.txid,
    hex: built.hex,
    isCoinbase: true,
    vin: [],
    vout,
    feeSat: 0,
    vsize: built.vsize,
    weight: built.weight,
    blockHeight: null,
    blockHash: null,
    blockTime: null,
    firstSeen: time,
  }
}

interface ParsedTx extends BuiltTx {
  inputs: { txid: string; vout: number }[]
  outputs: { scriptHex: string; valueSat: number }[]
}

/** Parses a raw transaction in hex; throws ChainError with bitcoind-like reasons. */
export function parseRawTx(rawHex: string): ParsedTx {
  let tx: btc.Transaction
  try {
    if (!/^([0-9a-fA-F]{2})+$/.test(rawHex)) throw new Error('not hex')
    tx = btc.Transaction.fromRaw(hex.decode(rawHex), {
      allowUnknownOutputs: true,
      allowUnknownInputs: true,
      disableScriptCheck: true,
    })
  } catch {
    throw new ChainError('TX decode failed')
  }
  const inputs: ParsedTx['inputs'] = []
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i)
    if (!input.txid || input.index === undefined) throw new ChainError('TX decode failed')
    inputs.push({ txid: hex.encode(input.txid), vout: input.index })
  }
  const outputs: ParsedTx['outputs'] = []
  for (let i = 0; i < tx.outputsLength; i++) {
    const output = tx.getOutput(i)
    if (!output.script || output.amount === undefined) throw new ChainError('TX decode failed')
    outputs.push({ scriptHex: hex.encode(output.script), valueSat: Number(output.amount) })
  }
  return {
    txid: tx.id,
    hex: rawHex.toLowerCase(),
    vsize: tx.vsize,
    weight: tx.weight,
    inputs,
    outputs,
  }
}

function dsha(data: Uint8Array): Uint8Array {
  return sha256(sha256(data))
}

/** Txids are shown byte-reversed; hashing works on internal byte order. */
function internal(id: string): Uint8Array {
  return hex.decode(id).reverse()
}

function merkleRoot(txids: string[]): Uint8Array {
  let level = txids.map(internal)
  if (level.length === 0) return new Uint8Array(32)
  while (level.length > 1) {
    const next: Uint8Array[] = []
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i]!
      const right = level[i + 1] ?? left
      const pair = new Uint8Array(64)
      pair.set(left, 0)
      pair.set(right, 32)
      next.push(dsha(pair))
    }
    level = next
  }
  return level[0]!
}

/** The hash of an 80-byte block header over the previous block, the txids and the time. */
export function blockHeaderHash(prevHash: string, txids: string[], time: number, nonce: number) {
  const header = new Uint8Array(80)
  const view = new DataView(header.buffer)
  view.setUint32(0, 0x20000000, true)
  header.set(internal(prevHash), 4)
  header.set(merkleRoot(txids), 36)
  view.setUint32(68, time, true)
  view.setUint32(72, 0x207fffff, true)
  view.setUint32(76, nonce, true)
  return hex.encode(dsha(header).reverse())
}

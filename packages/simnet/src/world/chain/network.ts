import * as btc from '@scure/btc-signer'
import { ChainError } from '../chain-api'

/** Bitcoin regtest parameters in the shape @scure/btc-signer expects. */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } as const

export const REGTEST_GENESIS_HASH =
  '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'
export const REGTEST_GENESIS_TIME = 1296688602
export const REGTEST_GENESIS_COINBASE =
  '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b'

export const DUST_LIMIT_SAT = 546
export const COIN = 100_000_000

const regtestAddress = btc.Address(REGTEST)

/** The output script of a regtest address; throws ChainError for anything else. */
export function addressScript(address: string): Uint8Array {
  try {
    return btc.OutScript.encode(regtestAddress.decode(address))
  } catch {
    throw new ChainError(`invalid address: ${address}`)
  }
}

/** The regtest address of an output script, or '' for scripts without one (OP_RETURN...). */
export function scriptAddress(script: Uint8Array): string {
  try {
    return regtestAddress.encode(btc.OutScript.decode(script))
  } catch {
    return ''
  }
}

/** Esplora's name for an output script's type. */
export function scriptType(script: Uint8Array): string {
  try {
    const decoded = btc.OutScript.decode(script)
    const names: Record<string, string> = {
      wpkh: 'v0_p2wpkh',
      wsh: 'v0_p2wsh',
      tr: 'v1_p2tr',
      pkh: 'p2pkh',
      sh: 'p2sh',
      pk: 'p2pk',
      ms: 'multisig',
    }
    return names[decoded.type] ?? 'unknown'
  } catch {
    return script[0] === 0x6a ? 'op_return' : 'unknown'
  }
}

/** Virtual size of one output paying to the address (used for fee estimates before signing). */
export function outputVbytes(address: string): number {
  const script = addressScript(address)
  return 8 + 1 + script.length
}

/** A P2WPKH input with its witness, in vbytes. */
export const P2WPKH_INPUT_VBYTES = 68
/** Version, locktime, counts and the segwit marker, in vbytes. */
export const TX_OVERHEAD_VBYTES = 10.5

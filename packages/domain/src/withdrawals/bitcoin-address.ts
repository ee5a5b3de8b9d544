/**
 * Bitcoin addresses: read for the network the product runs on (checksums and witness versions
 * are the library's), told apart from other text, and the size of an output paying one.
 */
import { Address, OutScript } from '@scure/btc-signer'
import { refuse, type DestinationRefusal } from './destination-types'
import { BITCOIN_NETWORKS, NETWORK_PARAMS, type BitcoinNetwork } from './networks'

const BASE58_SHAPE = /^[1-9A-HJ-NP-Za-km-z]{25,62}$/
const BECH32_SHAPE = /^([a-z]{1,10})1[02-9ac-hj-np-z]{6,}$/i

function addressNetwork(address: string): BitcoinNetwork | null {
  for (const n of BITCOIN_NETWORKS) {
    try {
      Address(NETWORK_PARAMS[n]).decode(address)
      return n
    } catch {
      // not for this network
    }
  }
  return null
}

/** Whether two networks' addresses are the same (simnet's are regtest's). */
export function sameParams(a: BitcoinNetwork, b: BitcoinNetwork): boolean {
  return NETWORK_PARAMS[a].bech32 === NETWORK_PARAMS[b].bech32
}

/** A Bitcoin address for `network`, checked by the library (checksum, witness version). */
export function parseBitcoinAddress(
  text: string,
  network: BitcoinNetwork,
): { ok: true; address: string } | DestinationRefusal {
  const params = NETWORK_PARAMS[network]
  try {
    Address(params).decode(text)
    // bech32 addresses are kept in their canonical lower case
    const address = BECH32_SHAPE.test(text) ? text.toLowerCase() : text
    return { ok: true, address }
  } catch (err) {
    const other = addressNetwork(text)
    if (other && !sameParams(other, network)) {
      return refuse('WITHDRAW_WRONG_NETWORK', `a ${other} address cannot be paid on ${network}`)
    }
    return refuse(
      'WITHDRAW_INVALID_ADDRESS',
      err instanceof Error ? err.message : 'invalid address',
    )
  }
}

/** Whether the text has the shape of an address (of any network), valid or not. */
export function looksLikeAddress(text: string): boolean {
  if (BASE58_SHAPE.test(text) && /^[123mn]/.test(text)) return true
  const m = BECH32_SHAPE.exec(text)
  return m !== null && ['bc', 'tb', 'bcrt'].includes(m[1]!.toLowerCase())
}

/** The size in vbytes of an output paying `address` (8 value + 1 length + the script). */
export function addressOutputVbytes(address: string, network: BitcoinNetwork): number {
  return 9 + OutScript.encode(Address(NETWORK_PARAMS[network]).decode(address)).length
}

/**
 * The Bitcoin networks the product runs on, and what a destination for each looks like: the
 * address parameters (base58 versions, bech32 HRP) and the BOLT11 prefix. The simulated network
 * uses regtest's.
 */

export const BITCOIN_NETWORKS = ['simnet', 'mainnet', 'testnet', 'signet', 'regtest'] as const
export type BitcoinNetwork = (typeof BITCOIN_NETWORKS)[number]

interface NetworkParams {
  /** bech32 HRP of segwit addresses */
  bech32: string
  pubKeyHash: number
  scriptHash: number
  wif: number
  /** BOLT11 human-readable prefix after `ln` (before the amount) */
  invoicePrefix: string
}

const MAINNET: NetworkParams = {
  bech32: 'bc',
  pubKeyHash: 0x00,
  scriptHash: 0x05,
  wif: 0x80,
  invoicePrefix: 'bc',
}
const TESTNET: NetworkParams = {
  bech32: 'tb',
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
  invoicePrefix: 'tb',
}
const SIGNET: NetworkParams = { ...TESTNET, invoicePrefix: 'tbs' }
const REGTEST: NetworkParams = { ...TESTNET, bech32: 'bcrt', invoicePrefix: 'bcrt' }

export const NETWORK_PARAMS: Readonly<Record<BitcoinNetwork, NetworkParams>> = {
  simnet: REGTEST,
  regtest: REGTEST,
  mainnet: MAINNET,
  testnet: TESTNET,
  signet: SIGNET,
}

/** Whether the network is a local test network whose services may answer over plain http. */
export function isLocalNetwork(network: BitcoinNetwork): boolean {
  return network === 'simnet' || network === 'regtest'
}

/**
 * The simulated Bitcoin chain as the protocol services see it (`world/chain/` implements it):
 * transactions, outputs and the chain's operations. Amounts are integer satoshis.
 */

export type Hex = string

export interface TxOutput {
  address: string
  valueSat: number
  scriptPubKeyHex: string
}

export interface TxInput {
  txid: Hex
  vout: number
  prevout: TxOutput
}

export interface ChainTx {
  txid: Hex
  vin: TxInput[]
  vout: TxOutput[]
  feeSat: number
  vsize: number
  weight: number
  /** null while in the mempool */
  blockHeight: number | null
  blockHash: Hex | null
  blockTime: number | null
  /** unix seconds when first seen */
  firstSeen: number
  label?: string
}

export interface Utxo {
  txid: Hex
  vout: number
  address: string
  valueSat: number
  blockHeight: number | null
}

export interface Chain {
  readonly network: 'regtest'
  tipHeight(): number
  tipHash(): Hex
  blockHash(height: number): Hex | undefined
  blockTime(height: number): number | undefined
  /** Mines n blocks (mempool first); returns the new block hashes. */
  mine(n: number): Hex[]
  /** A fresh real regtest P2WPKH address (`bcrt1q...`) owned by a wallet (`payer`, a node id, ...). */
  newAddress(owner: string): string
  /** Who owns an address handed out by newAddress, if anyone. */
  ownerOf(address: string): string | undefined
  /**
   * Spends the owner's UTXOs to the outputs at the fee rate, change back to the owner.
   * `sendAll` spends everything to the single output (its value is ignored; fee is taken off).
   * Throws ChainError('insufficient funds') when it cannot.
   */
  send(
    owner: string,
    outputs: { address: string; amountSat: number }[],
    opts: { feeRateSatPerVbyte: number; sendAll?: boolean; label?: string },
  ): ChainTx
  /** Fee a send would pay, without sending. */
  estimateFee(
    owner: string,
    outputs: { address: string; amountSat: number }[],
    feeRateSatPerVbyte: number,
  ): { feeSat: number; vsize: number }
  /** Parses and accepts a raw signed transaction (Esplora broadcast). */
  broadcastRaw(hex: string): Hex
  getTx(txid: Hex): ChainTx | undefined
  confirmations(txid: Hex): number
  /** Transactions touching an address, mempool first then newest confirmed. */
  addressTxs(address: string): ChainTx[]
  utxos(owner: string): Utxo[]
  addressUtxos(address: string): Utxo[]
  balance(owner: string): { confirmedSat: number; unconfirmedSat: number }
  /** sat/vB by confirmation target: keys "1".."25", "144", "504", "1008". */
  feeEstimates(): Record<string, number>
  /** Adds coins out of thin air (a coinbase) to an address; used to fund the payer. */
  faucet(address: string, amountSat: number): ChainTx
  on(event: 'block', fn: (height: number, hash: Hex) => void): () => void
  on(event: 'tx', fn: (tx: ChainTx) => void): () => void

  // Added by the world implementation:
  /** Txids of a mined block in block order (coinbase first). */
  blockTxids(height: number): Hex[] | undefined
  /** Height of a block by hash. */
  blockHeight(hash: Hex): number | undefined
  /** Every address handed out to an owner, oldest first. */
  addressesOf(owner: string): string[]
  /** Transactions touching any of an owner's addresses, mempool first then newest confirmed. */
  ownerTxs(owner: string): ChainTx[]
  /** The serialised transaction in hex. */
  rawTx(txid: Hex): string | undefined
  /** The txid spending an output, if any (mempool included). */
  spenderOf(txid: Hex, vout: number): Hex | undefined
  mempool(): ChainTx[]
}

export class ChainError extends Error {}

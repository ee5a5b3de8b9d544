import type { Chain, ChainTx, Hex, Utxo } from '../chain-api'
import { ChainError } from '../chain-api'
import { Emitter } from '../events'
import { type ChainState, ChainIndex, type StoredTx } from './chain-state'
import { feeEstimates } from './fees'
import {
  COIN,
  REGTEST_GENESIS_COINBASE,
  REGTEST_GENESIS_HASH,
  REGTEST_GENESIS_TIME,
  addressScript,
} from './network'
import { selectCoins } from './coin-selection'
import { checkedBroadcast, signedSpend } from './spends'
import { blockHeaderHash, coinbaseRecord } from './tx-builder'
import type { HdWallets } from './wallet'

type ChainEvents = { block: [number, Hex]; tx: [ChainTx] }
type Output = { address: string; amountSat: number }

export function initialChainState(): ChainState {
  return {
    blocks: [
      { hash: REGTEST_GENESIS_HASH, time: REGTEST_GENESIS_TIME, txids: [REGTEST_GENESIS_COINBASE] },
    ],
    txs: {},
    mempool: [],
    addresses: {},
    nextIndex: {},
  }
}

/** A regtest chain kept in memory: real addresses, real signed transactions, mined on demand. */
export class SimChain implements Chain {
  readonly network = 'regtest' as const
  private readonly events = new Emitter<ChainEvents>()
  private readonly index: ChainIndex

  constructor(
    private readonly state: ChainState,
    private readonly wallets: HdWallets,
    private readonly save: () => void,
    private readonly nowSec: () => number,
  ) {
    this.index = new ChainIndex(state)
  }

  on(event: 'block', fn: (height: number, hash: Hex) => void): () => void
  on(event: 'tx', fn: (tx: ChainTx) => void): () => void
  on(event: 'block' | 'tx', fn: (...args: never[]) => void): () => void {
    return this.events.onUntyped(event, fn)
  }

  tipHeight(): number {
    return this.state.blocks.length - 1
  }
  tipHash(): Hex {
    return this.state.blocks[this.tipHeight()]!.hash
  }
  blockHash(height: number): Hex | undefined {
    return this.state.blocks[height]?.hash
  }
  blockTime(height: number): number | undefined {
    return this.state.blocks[height]?.time
  }
  /** Txids of a block in block order (coinbase first). */
  blockTxids(height: number): Hex[] | undefined {
    return this.state.blocks[height]?.txids.slice()
  }
  blockHeight(hash: Hex): number | undefined {
    return this.index.heightOfHash.get(hash)
  }

  mine(n: number): Hex[] {
    const hashes: Hex[] = []
    for (let i = 0; i < n; i++) hashes.push(this.mineBlock(this.minerAddress(), null))
    return hashes
  }

  faucet(address: string, amountSat: number): ChainTx {
    addressScript(address)
    if (!Number.isInteger(amountSat) || amountSat <= 0) throw new ChainError('invalid amount')
    this.mineBlock(this.minerAddress(), { address, amountSat })
    const height = this.tipHeight()
    return this.state.txs[this.state.blocks[height]!.txids[0]!]!
  }

  private minerAddress(): string {
    const owner = 'miner'
    return this.state.nextIndex[owner] ? this.addressAt(owner, 0) : this.newAddress(owner)
  }

  private addressAt(owner: string, index: number): string {
    return this.wallets.address(owner, index)
  }

  private mineBlock(minerAddress: string, gift: Output | null): Hex {
    const height = this.tipHeight() + 1
    const prev = this.state.blocks[height - 1]!
    const time = Math.max(prev.time + 1, this.nowSec())
    const included = this.state.mempool.map((id) => this.state.txs[id]!)
    const fees = included.reduce((sum, tx) => sum + tx.feeSat, 0)
    const subsidy = Math.floor((50 * COIN) / 2 ** Math.floor(height / 150))
    const outputs = [{ address: minerAddress, amountSat: subsidy + fees }]
    if (gift) outputs.unshift(gift)
    const coinbase = coinbaseRecord(height, outputs, time)
    const txids = [coinbase.txid, ...included.map((t) => t.txid)]
    const hash = blockHeaderHash(prev.hash, txids, time, height)
    this.state.blocks.push({ hash, time, txids })
    this.index.heightOfHash.set(hash, height)
    this.state.txs[coinbase.txid] = coinbase
    this.index.addTx(coinbase)
    for (const tx of [coinbase, ...included]) {
      tx.blockHeight = height
      tx.blockHash = hash
      tx.blockTime = time
    }
    this.state.mempool = []
    this.save()
    this.events.emit('tx', coinbase)
    this.events.emit('block', height, hash)
    return hash
  }

  newAddress(owner: string): string {
    const index = this.state.nextIndex[owner] ?? 0
    this.state.nextIndex[owner] = index + 1
    const address = this.addressAt(owner, index)
    this.state.addresses[address] = { owner, index }
    this.index.addAddress(address, owner)
    this.save()
    return address
  }

  ownerOf(address: string): string | undefined {
    return this.state.addresses[address]?.owner
  }

  /** Every address handed out to an owner, oldest first. */
  addressesOf(owner: string): string[] {
    return (this.index.byOwner.get(owner) ?? []).slice()
  }

  private plan(
    owner: string,
    outputs: Output[],
    rate: number,
    sendAll: boolean,
    changeAddress: () => string,
  ) {
    return selectCoins(this.utxos(owner), outputs, rate, sendAll, changeAddress)
  }

  estimateFee(owner: string, outputs: Output[], feeRateSatPerVbyte: number) {
    // The change address a real send would take next; estimating must not hand it out.
    const nextChange = () => this.addressAt(owner, this.state.nextIndex[owner] ?? 0)
    const plan = this.plan(owner, outputs, feeRateSatPerVbyte, false, nextChange)
    return { feeSat: plan.feeSat, vsize: plan.vsize }
  }

  send(
    owner: string,
    outputs: Output[],
    opts: { feeRateSatPerVbyte: number; sendAll?: boolean; label?: string },
  ): ChainTx {
    const plan = this.plan(owner, outputs, opts.feeRateSatPerVbyte, opts.sendAll ?? false, () =>
      this.newAddress(owner),
    )
    return this.accept(signedSpend(this.state, this.wallets, plan, this.nowSec(), opts.label))
  }

  broadcastRaw(rawHex: string): Hex {
    return this.accept(checkedBroadcast(this.state, this.index, rawHex, this.nowSec())).txid
  }

  private accept(tx: StoredTx): ChainTx {
    this.state.txs[tx.txid] = tx
    this.state.mempool.push(tx.txid)
    this.index.addTx(tx)
    this.save()
    this.events.emit('tx', tx)
    return tx
  }

  getTx(txid: Hex): ChainTx | undefined {
    return this.state.txs[txid]
  }
  rawTx(txid: Hex): string | undefined {
    return this.state.txs[txid]?.hex
  }
  /** The txid spending an output, if any (mempool included). */
  spenderOf(txid: Hex, vout: number): Hex | undefined {
    return this.index.spentBy.get(`${txid}:${vout}`)
  }
  mempool(): ChainTx[] {
    return this.state.mempool.map((id) => this.state.txs[id]!)
  }

  confirmations(txid: Hex): number {
    const height = this.state.txs[txid]?.blockHeight
    return height === null || height === undefined ? 0 : this.tipHeight() - height + 1
  }

  addressTxs(address: string): ChainTx[] {
    const ids = this.index.byAddress.get(address)
    return ids ? sortNewestFirst([...ids].map((id) => this.state.txs[id]!)) : []
  }

  /** Transactions touching any address of an owner, mempool first then newest confirmed. */
  ownerTxs(owner: string): ChainTx[] {
    const ids = new Set<string>()
    for (const a of this.index.byOwner.get(owner) ?? []) {
      for (const id of this.index.byAddress.get(a) ?? []) ids.add(id)
    }
    return sortNewestFirst([...ids].map((id) => this.state.txs[id]!))
  }

  addressUtxos(address: string): Utxo[] {
    const out: Utxo[] = []
    for (const id of this.index.byAddress.get(address) ?? []) {
      const tx = this.state.txs[id]!
      tx.vout.forEach((o, vout) => {
        if (o.address === address && !this.index.spentBy.has(`${id}:${vout}`)) {
          out.push({ txid: id, vout, address, valueSat: o.valueSat, blockHeight: tx.blockHeight })
        }
      })
    }
    return out
  }

  utxos(owner: string): Utxo[] {
    return (this.index.byOwner.get(owner) ?? []).flatMap((a) => this.addressUtxos(a))
  }

  balance(owner: string) {
    let confirmedSat = 0
    let unconfirmedSat = 0
    for (const u of this.utxos(owner)) {
      if (u.blockHeight === null) unconfirmedSat += u.valueSat
      else confirmedSat += u.valueSat
    }
    return { confirmedSat, unconfirmedSat }
  }

  feeEstimates(): Record<string, number> {
    return feeEstimates(this.mempool().reduce((s, tx) => s + tx.vsize, 0))
  }
}

function sortNewestFirst(txs: StoredTx[]): StoredTx[] {
  return txs.sort((a, b) => {
    const ha = a.blockHeight ?? Number.MAX_SAFE_INTEGER
    const hb = b.blockHeight ?? Number.MAX_SAFE_INTEGER
    return hb - ha || b.firstSeen - a.firstSeen
  })
}

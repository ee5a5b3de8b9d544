import type { ChainTx } from '../chain-api'

export interface StoredTx extends ChainTx {
  hex: string
  isCoinbase: boolean
}

export interface StoredBlock {
  hash: string
  time: number
  txids: string[]
}

/** The durable part of the chain (section `chain` of world.json). */
export interface ChainState {
  blocks: StoredBlock[]
  txs: Record<string, StoredTx>
  mempool: string[]
  addresses: Record<string, { owner: string; index: number }>
  nextIndex: Record<string, number>
}

/** Lookups rebuilt from the durable state at start and kept current on every change. */
export class ChainIndex {
  readonly spentBy = new Map<string, string>()
  readonly byAddress = new Map<string, Set<string>>()
  readonly byOwner = new Map<string, string[]>()
  readonly heightOfHash = new Map<string, number>()

  constructor(private readonly state: ChainState) {
    state.blocks.forEach((b, h) => this.heightOfHash.set(b.hash, h))
    for (const [address, info] of Object.entries(state.addresses))
      this.addAddress(address, info.owner)
    for (const tx of Object.values(state.txs)) this.addTx(tx)
  }

  addAddress(address: string, owner: string): void {
    const list = this.byOwner.get(owner)
    if (list) list.push(address)
    else this.byOwner.set(owner, [address])
  }

  addTx(tx: StoredTx): void {
    for (const input of tx.vin) {
      this.spentBy.set(`${input.txid}:${input.vout}`, tx.txid)
      this.touch(input.prevout.address, tx.txid)
    }
    for (const output of tx.vout) this.touch(output.address, tx.txid)
  }

  private touch(address: string, txid: string): void {
    if (!address) return
    const set = this.byAddress.get(address)
    if (set) set.add(txid)
    else this.byAddress.set(address, new Set([txid]))
  }
}

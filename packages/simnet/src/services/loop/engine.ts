import { sha256 } from '@noble/hashes/sha2.js'
import type { World } from '../../world/api'
import type { LnNode } from '../../world/lightning-api'
import { LSP_ID } from '../../world/api'
import { LightningError } from '../../world/lightning-api'
import { feeRateForTarget } from '../../world/chain/fees'
import { buildSweep, htlcKey } from './htlc'
import { type LoopSection, type SwapRecord, type SwapState, TERMS, quote } from './state'

/** Nominal time the swap server takes to publish the on-chain HTLC after the payments. */
const HTLC_PUBLISH_MS = 30_000

export class LoopError extends Error {}

export interface LoopOutRequest {
  amtSat: number
  dest: string
  maxSwapFeeSat: number
  maxPrepayAmtSat: number
  maxMinerFeeSat: number
  sweepConfTarget: number
  label: string
  initiator: string
}

const nowNs = (ms: number) => (BigInt(ms) * 1_000_000n).toString()

/** Loop out: off-chain balance goes to the swap server (the LSP), which pays out on chain. */
export class LoopEngine {
  private readonly timers = new Set<{ cancel(): void }>()
  private readonly offBlock: () => void
  readonly listeners = new Set<(swap: SwapRecord) => void>()

  constructor(
    private readonly world: World,
    readonly section: LoopSection,
  ) {
    this.offBlock = world.chain.on('block', () => this.onBlock())
    for (const swap of section.swaps) if (swap.state === 'INITIATED') this.schedulePublish(swap)
  }

  feeRate(confTarget: number): number {
    return feeRateForTarget(this.world.chain.feeEstimates(), confTarget || 9)
  }

  swaps(nodeId: string): SwapRecord[] {
    return this.section.swaps.filter((s) => s.nodeId === nodeId)
  }

  loopOut(node: LnNode, req: LoopOutRequest): SwapRecord {
    if (req.amtSat < TERMS.minSwapSat || req.amtSat > TERMS.maxSwapSat) {
      throw new LoopError(`amount must be between ${TERMS.minSwapSat} and ${TERMS.maxSwapSat} sat`)
    }
    const q = quote(req.amtSat, this.feeRate(req.sweepConfTarget))
    if (req.maxSwapFeeSat < q.swapFeeSat)
      throw new LoopError(`swap fee too high: ${q.swapFeeSat} sat`)
    if (req.maxPrepayAmtSat < q.prepayAmtSat)
      throw new LoopError(`prepay amount too high: ${q.prepayAmtSat} sat`)
    if (req.maxMinerFeeSat < q.htlcSweepFeeSat)
      throw new LoopError(`miner fee too high: ${q.htlcSweepFeeSat} sat`)
    const dest = req.dest || this.world.chain.newAddress(node.id)
    if (!this.world.chain.ownerOf(dest)) this.checkAddress(dest)
    const lsp = this.world.lightning.lsp
    const number = this.section.swaps.length + 1
    const preimage = this.world.keys.bytes(`loop:preimage:${node.id}:${number}`, 32)
    const idHex = Buffer.from(sha256(preimage)).toString('hex')
    const now = this.world.clock.now()
    const swap: SwapRecord = {
      idHex,
      nodeId: node.id,
      amtSat: req.amtSat,
      dest,
      state: 'INITIATED',
      failureReason: 'FAILURE_REASON_NONE',
      initiationTimeNs: nowNs(now),
      lastUpdateTimeNs: nowNs(now),
      htlcAddress: htlcKey(this.world.keys, idHex).address,
      htlcTxid: '',
      sweepTxid: '',
      costServerSat: q.swapFeeSat,
      costOnchainSat: 0,
      costOffchainSat: 0,
      sweepFeeSat: q.htlcSweepFeeSat,
      label: req.label,
      initiator: req.initiator,
    }
    const prepay = lsp.addInvoice({
      valueMsat: q.prepayAmtSat * 1000,
      memo: `prepay ${idHex.slice(0, 8)}`,
    })
    const invoice = lsp.addInvoice({
      valueMsat: (req.amtSat + q.swapFeeSat - q.prepayAmtSat) * 1000,
      memo: `swap ${idHex.slice(0, 8)}`,
    })
    this.section.swaps.push(swap)
    this.pay(node, swap, [prepay.paymentRequest, invoice.paymentRequest])
    return swap
  }

  private checkAddress(address: string): void {
    try {
      this.world.chain.estimateFee(LSP_ID, [{ address, amountSat: 10_000 }], 1)
    } catch (err) {
      throw new LoopError(`invalid destination address: ${(err as Error).message}`)
    }
  }

  private pay(node: LnNode, swap: SwapRecord, requests: string[]): void {
    void (async () => {
      for (const pr of requests) {
        const payment = await node.pay(pr).catch((err: unknown) => {
          if (err instanceof LightningError) return null
          throw err
        })
        if (!payment || payment.status !== 'SUCCEEDED') {
          this.move(swap, 'FAILED', 'FAILURE_REASON_OFFCHAIN')
          return
        }
        swap.costOffchainSat += Math.floor(payment.feeMsat / 1000)
      }
      this.schedulePublish(swap)
    })()
  }

  private schedulePublish(swap: SwapRecord): void {
    const timer = this.world.clock.after(HTLC_PUBLISH_MS, () => {
      this.timers.delete(timer)
      if (swap.state !== 'INITIATED') return
      const tx = this.world.chain.send(
        LSP_ID,
        [{ address: swap.htlcAddress, amountSat: swap.amtSat }],
        {
          feeRateSatPerVbyte: this.feeRate(6),
          label: `loop out htlc ${swap.idHex.slice(0, 8)}`,
        },
      )
      swap.htlcTxid = tx.txid
      this.move(swap, 'HTLC_PUBLISHED')
    })
    this.timers.add(timer)
  }

  /** HTLC confirmed: reveal the preimage and sweep; sweep confirmed: done. */
  private onBlock(): void {
    const chain = this.world.chain
    for (const swap of this.section.swaps) {
      if (swap.state === 'HTLC_PUBLISHED' && chain.confirmations(swap.htlcTxid) >= 1) {
        const htlcTx = chain.getTx(swap.htlcTxid)!
        const vout = htlcTx.vout.findIndex((o) => o.address === swap.htlcAddress)
        const raw = buildSweep(
          this.world.keys,
          swap.idHex,
          { txid: swap.htlcTxid, vout, valueSat: swap.amtSat },
          swap.dest,
          swap.sweepFeeSat,
        )
        swap.sweepTxid = chain.broadcastRaw(raw)
        swap.costOnchainSat = swap.sweepFeeSat
        this.move(swap, 'PREIMAGE_REVEALED')
      } else if (swap.state === 'PREIMAGE_REVEALED' && chain.confirmations(swap.sweepTxid) >= 1) {
        this.move(swap, 'SUCCESS')
      }
    }
  }

  private move(swap: SwapRecord, state: SwapState, failureReason = swap.failureReason): void {
    swap.state = state
    swap.failureReason = failureReason
    swap.lastUpdateTimeNs = nowNs(this.world.clock.now())
    this.world.persistence.save()
    for (const fn of this.listeners) fn(swap)
  }

  close(): void {
    this.offBlock()
    for (const t of this.timers) t.cancel()
    this.timers.clear()
  }
}

import type { World } from '../../world/api'
import type { LoopEngine } from './engine'
import { type LiquidityParams, TERMS, quote } from './state'
import { defaultParams } from './wire'

/** The label loopd gives the swaps autoloop starts. */
export const AUTOLOOP_LABEL = '[reserved] autoloop-out'

export type AutoReason =
  | 'AUTO_REASON_BUDGET_NOT_STARTED'
  | 'AUTO_REASON_BUDGET_ELAPSED'
  | 'AUTO_REASON_BUDGET_INSUFFICIENT'
  | 'AUTO_REASON_IN_FLIGHT'
  | 'AUTO_REASON_SWAP_FEE'
  | 'AUTO_REASON_MINER_FEE'
  | 'AUTO_REASON_PREPAY'
  | 'AUTO_REASON_FEE_INSUFFICIENT'
  | 'AUTO_REASON_LIQUIDITY_OK'
  | 'AUTO_REASON_FAILURE_BACKOFF'

export interface Suggestion {
  loopOut: {
    amtSat: number
    dest: string
    chanIds: string[]
    maxSwapFeeSat: number
    maxPrepayAmtSat: number
    maxMinerFeeSat: number
    sweepConfTarget: number
  }[]
  disqualified: { chanId: string; pubkey: string; reason: AutoReason }[]
}

const num = (v: unknown) => (v === undefined || v === null || v === '' ? 0 : Number(v))

/**
 * Autoloop: for every node with autoloop enabled, watches its channels and starts a loop out
 * once local balance passes the threshold (a THRESHOLD rule's incoming share, or easy
 * autoloop's local target), one swap in flight at a time.
 */
export class Autoloop {
  private readonly watching = new Map<string, () => void>()
  private readonly queued = new Set<string>()

  constructor(
    private readonly world: World,
    private readonly engine: LoopEngine,
  ) {
    for (const [nodeId, params] of Object.entries(engine.section.params)) {
      if (params.autoloop) this.watch(nodeId)
    }
  }

  paramsChanged(nodeId: string, params: LiquidityParams): void {
    if (params.autoloop) this.watch(nodeId)
    else {
      this.watching.get(nodeId)?.()
      this.watching.delete(nodeId)
    }
  }

  private watch(nodeId: string): void {
    const node = this.world.lightning.node(nodeId)
    if (!node) return
    if (!this.watching.has(nodeId))
      this.watching.set(
        nodeId,
        node.on('channel', () => this.queue(nodeId)),
      )
    this.queue(nodeId)
  }

  private queue(nodeId: string): void {
    if (this.queued.has(nodeId)) return
    this.queued.add(nodeId)
    setImmediate(() => {
      this.queued.delete(nodeId)
      try {
        this.evaluate(nodeId)
      } catch (err) {
        console.error(`simnet loop: autoloop for ${nodeId} failed`, err)
      }
    })
  }

  /** The loop out amount the rules ask for now, or 0. */
  wanted(nodeId: string, params: LiquidityParams): number {
    const node = this.world.lightning.node(nodeId)
    if (!node) return 0
    let local = 0
    let remote = 0
    // Rules naming a channel or a peer narrow the channels looked at; others cover them all.
    const scoped = params.rules.filter((r) => (r.channel_id && r.channel_id !== '0') || r.pubkey)
    const peerOf = (b64: string) => Buffer.from(b64, 'base64').toString('hex')
    for (const c of node.channels()) {
      if (c.state !== 'open') continue
      const isCovered =
        scoped.length === 0 ||
        scoped.some(
          (r) => r.channel_id === c.chanId || (r.pubkey && peerOf(r.pubkey) === c.remotePubkey),
        )
      if (!isCovered) continue
      local += c.localBalanceSat
      remote += c.remoteBalanceSat
    }
    const total = local + remote
    if (total === 0) return 0
    if (params.easy_autoloop) {
      const target = num(params.easy_autoloop_local_target_sat)
      return local > target ? local - target : 0
    }
    const rule = params.rules.find((r) => r.type === 'THRESHOLD' && r.swap_type !== 'LOOP_IN')
    if (!rule) return 0
    const incomingPct = (remote / total) * 100
    if (incomingPct >= rule.incoming_threshold) return 0
    const targetPct = (rule.incoming_threshold + (100 - rule.outgoing_threshold)) / 2
    return Math.ceil((targetPct / 100) * total) - remote
  }

  /**
   * SuggestSwaps: the loop out autoloop would start now, or why it would not, per channel
   * (looprpc.AutoReason). Fees are checked against `fee_ppm` when set, otherwise against the
   * per-category limits; spending against the budget since its start.
   */
  suggest(nodeId: string): Suggestion {
    const params = this.engine.section.params[nodeId] ?? defaultParams()
    const node = this.world.lightning.node(nodeId)
    const open = node ? node.channels().filter((c) => c.state === 'open') : []
    const disqualify = (reason: AutoReason): Suggestion => ({
      loopOut: [],
      disqualified: open.map((c) => ({ chanId: c.chanId, pubkey: c.remotePubkey, reason })),
    })
    if (!node || open.length === 0) return { loopOut: [], disqualified: [] }
    const nowSec = Math.floor(this.world.clock.now() / 1000)
    const budgetStart = num(params.autoloop_budget_start_sec)
    if (budgetStart > nowSec) return disqualify('AUTO_REASON_BUDGET_NOT_STARTED')
    const swaps = this.engine.swaps(nodeId)
    const inFlight = swaps.filter((s) => s.state !== 'SUCCESS' && s.state !== 'FAILED')
    if (inFlight.length >= Math.max(1, num(params.auto_max_in_flight))) {
      return disqualify('AUTO_REASON_IN_FLIGHT')
    }
    // A swap whose off-chain payment failed lately holds autoloop back for the backoff period.
    const backoffSec = num(params.failure_backoff_sec)
    const failedLately = swaps.some(
      (s) =>
        s.state === 'FAILED' &&
        s.failureReason === 'FAILURE_REASON_OFFCHAIN' &&
        nowSec - Number(s.lastUpdateTimeNs) / 1e9 < backoffSec,
    )
    if (failedLately) return disqualify('AUTO_REASON_FAILURE_BACKOFF')
    const min = Math.max(TERMS.minSwapSat, num(params.min_swap_amount))
    const max = Math.min(TERMS.maxSwapSat, num(params.max_swap_amount) || TERMS.maxSwapSat)
    let amount = Math.min(this.wanted(nodeId, params), max)
    // The swap is paid over one channel: the one that can send the most.
    const best = open
      .map((c) => ({ c, spendable: Math.max(0, c.localBalanceSat - c.localChanReserveSat) }))
      .sort((a, b) => b.spendable - a.spendable)[0]!
    const confTarget = params.sweep_conf_target || 100
    amount = Math.min(
      amount,
      best.spendable - quote(amount, this.engine.feeRate(confTarget)).swapFeeSat,
    )
    if (amount < min) return disqualify('AUTO_REASON_LIQUIDITY_OK')
    const fees = quote(amount, this.engine.feeRate(confTarget))
    const feePpm = num(params.fee_ppm)
    if (feePpm > 0) {
      // The prepay is part of the swap fee, not a cost of its own.
      const total = fees.swapFeeSat + fees.htlcSweepFeeSat
      if (total > (amount * feePpm) / 1e6) return disqualify('AUTO_REASON_FEE_INSUFFICIENT')
    } else {
      if (fees.swapFeeSat > (amount * num(params.max_swap_fee_ppm)) / 1e6)
        return disqualify('AUTO_REASON_SWAP_FEE')
      if (fees.htlcSweepFeeSat > num(params.max_miner_fee_sat))
        return disqualify('AUTO_REASON_MINER_FEE')
      if (fees.prepayAmtSat > num(params.max_prepay_sat)) return disqualify('AUTO_REASON_PREPAY')
    }
    const budget = num(params.autoloop_budget_sat)
    const spent = swaps
      .filter((s) => s.initiator === 'autoloop' && Number(s.initiationTimeNs) >= budgetStart * 1e9)
      .reduce((s, w) => s + w.costServerSat + w.costOnchainSat + w.costOffchainSat, 0)
    if (spent >= budget) return disqualify('AUTO_REASON_BUDGET_ELAPSED')
    if (spent + fees.swapFeeSat + fees.htlcSweepFeeSat > budget) {
      return disqualify('AUTO_REASON_BUDGET_INSUFFICIENT')
    }
    return {
      loopOut: [
        {
          amtSat: amount,
          dest: params.autoloop_dest_address,
          chanIds: [best.c.chanId],
          maxSwapFeeSat: fees.swapFeeSat,
          maxPrepayAmtSat: fees.prepayAmtSat,
          maxMinerFeeSat: fees.htlcSweepFeeSat,
          sweepConfTarget: confTarget,
        },
      ],
      disqualified: [],
    }
  }

  private evaluate(nodeId: string): void {
    const params = this.engine.section.params[nodeId]
    const node = this.world.lightning.node(nodeId)
    if (!params?.autoloop || !node) return
    const wanted = this.suggest(nodeId).loopOut[0]
    if (!wanted) return
    this.engine.loopOut(node, {
      amtSat: wanted.amtSat,
      dest: wanted.dest,
      maxSwapFeeSat: wanted.maxSwapFeeSat,
      maxPrepayAmtSat: wanted.maxPrepayAmtSat,
      maxMinerFeeSat: wanted.maxMinerFeeSat,
      sweepConfTarget: wanted.sweepConfTarget,
      label: AUTOLOOP_LABEL,
      initiator: 'autoloop',
    })
  }

  close(): void {
    for (const off of this.watching.values()) off()
    this.watching.clear()
  }
}

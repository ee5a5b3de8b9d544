import type { World } from '../../world/api'
import type { LoopEngine } from './engine'
import { type LiquidityParams, TERMS, quote } from './state'

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

  private evaluate(nodeId: string): void {
    const params = this.engine.section.params[nodeId]
    const node = this.world.lightning.node(nodeId)
    if (!params?.autoloop || !node) return
    const swaps = this.engine.swaps(nodeId)
    const inFlight = swaps.filter((s) => s.state !== 'SUCCESS' && s.state !== 'FAILED').length
    if (inFlight >= Math.max(1, num(params.auto_max_in_flight))) return
    const min = Math.max(TERMS.minSwapSat, num(params.min_swap_amount))
    const max = Math.min(TERMS.maxSwapSat, num(params.max_swap_amount) || TERMS.maxSwapSat)
    let amount = Math.min(this.wanted(nodeId, params), max)
    const spendable = node
      .channels()
      .filter((c) => c.state === 'open')
      .reduce((s, c) => s + Math.max(0, c.localBalanceSat - c.localChanReserveSat), 0)
    const q = quote(amount, this.engine.feeRate(params.sweep_conf_target))
    amount = Math.min(amount, spendable - q.swapFeeSat)
    if (amount < min) return
    const budget = num(params.autoloop_budget_sat)
    if (budget > 0) {
      const since = num(params.autoloop_budget_start_sec) * 1e9
      const spent = swaps
        .filter((s) => s.initiator === 'autoloop' && Number(s.initiationTimeNs) >= since)
        .reduce((s, w) => s + w.costServerSat + w.costOnchainSat + w.costOffchainSat, 0)
      if (spent + q.swapFeeSat + q.htlcSweepFeeSat > budget) return
    }
    const fees = quote(amount, this.engine.feeRate(params.sweep_conf_target))
    this.engine.loopOut(node, {
      amtSat: amount,
      dest: params.autoloop_dest_address,
      maxSwapFeeSat: fees.swapFeeSat,
      maxPrepayAmtSat: fees.prepayAmtSat,
      maxMinerFeeSat: fees.htlcSweepFeeSat,
      sweepConfTarget: params.sweep_conf_target,
      label: '[reserved] autoloop-out',
      initiator: 'autoloop',
    })
  }

  close(): void {
    for (const off of this.watching.values()) off()
    this.watching.clear()
  }
}

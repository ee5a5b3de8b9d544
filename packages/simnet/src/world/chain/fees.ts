/** Confirmation targets Esplora reports, as in /fee-estimates. */
const FEE_TARGETS = [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008] as const

/**
 * A plausible fee market: urgent targets cost more, and a busy mempool (in vbytes) raises
 * every rate a little, the way a real node's estimator reacts to a backlog.
 */
export function feeEstimates(mempoolVbytes: number): Record<string, number> {
  const congestion = Math.floor(mempoolVbytes / 250_000)
  const out: Record<string, number> = {}
  for (const target of FEE_TARGETS) {
    const base = target >= 504 ? 1 : Math.max(1, Math.round(2 + 23 / Math.pow(target, 0.8)))
    out[String(target)] = base + congestion
  }
  return out
}

/** The rate for a target, using the nearest listed target at or below it. */
export function feeRateForTarget(estimates: Record<string, number>, target: number): number {
  let rate = estimates['1'] ?? 1
  for (const t of FEE_TARGETS) {
    if (t <= target) rate = estimates[String(t)] ?? rate
  }
  return rate
}

export type SwapState =
  'INITIATED' | 'PREIMAGE_REVEALED' | 'HTLC_PUBLISHED' | 'SUCCESS' | 'FAILED' | 'INVOICE_SETTLED'

export interface SwapRecord {
  idHex: string
  nodeId: string
  amtSat: number
  dest: string
  state: SwapState
  failureReason: string
  initiationTimeNs: string
  lastUpdateTimeNs: string
  htlcAddress: string
  htlcTxid: string
  sweepTxid: string
  costServerSat: number
  costOnchainSat: number
  costOffchainSat: number
  sweepFeeSat: number
  label: string
  initiator: string
}

export interface LiquidityRule {
  channel_id: string
  swap_type: string
  pubkey: string
  type: string
  incoming_threshold: number
  outgoing_threshold: number
}

/** looprpc.LiquidityParameters as the client set them (protojson field names). */
export interface LiquidityParams {
  rules: LiquidityRule[]
  autoloop: boolean
  autoloop_dest_address: string
  autoloop_budget_sat: string
  autoloop_budget_start_sec: string
  auto_max_in_flight: string
  min_swap_amount: string
  max_swap_amount: string
  sweep_conf_target: number
  easy_autoloop: boolean
  easy_autoloop_local_target_sat: string
  [key: string]: unknown
}

export interface LoopSection {
  swaps: SwapRecord[]
  params: Record<string, LiquidityParams>
}

export const TERMS = { minSwapSat: 250_000, maxSwapSat: 10_000_000, minCltv: 20, maxCltv: 60 }

/** The swap server's prices: a base fee plus a share of the amount, and a fixed prepay. */
export function quote(amtSat: number, feeRateSatPerVbyte: number) {
  return {
    swapFeeSat: 1_000 + Math.ceil(amtSat * 0.0025),
    prepayAmtSat: Math.min(30_000, Math.floor(amtSat / 10)),
    htlcSweepFeeSat: Math.ceil(feeRateSatPerVbyte * 111),
    cltvDelta: 40,
  }
}

import { i64 } from '../lnd/proto'
import type { LiquidityParams, SwapRecord } from './state'

/** looprpc.SwapStatus */
export function swapJson(s: SwapRecord) {
  return {
    amt: i64(s.amtSat),
    id: s.idHex,
    id_bytes: Buffer.from(s.idHex, 'hex').toString('base64'),
    type: 'LOOP_OUT',
    state: s.state,
    static_loop_in_state: 'UNKNOWN_STATIC_ADDRESS_SWAP_STATE',
    failure_reason: s.failureReason,
    initiation_time: s.initiationTimeNs,
    last_update_time: s.lastUpdateTimeNs,
    htlc_address: s.htlcAddress,
    htlc_address_p2wsh: '',
    htlc_address_p2tr: s.htlcAddress,
    cost_server: i64(s.costServerSat),
    cost_onchain: i64(s.costOnchainSat),
    cost_offchain: i64(s.costOffchainSat),
    last_hop: '',
    outgoing_chan_set: [],
    label: s.label,
    asset_info: null,
  }
}

/** loopd's defaults for liquidity parameters before any are set. */
export function defaultParams(): LiquidityParams {
  return {
    rules: [],
    fee_ppm: '0',
    sweep_fee_rate_sat_per_vbyte: '0',
    max_swap_fee_ppm: '5000',
    max_routing_fee_ppm: '10000',
    max_prepay_routing_fee_ppm: '5000',
    max_prepay_sat: '30000',
    max_miner_fee_sat: '15000',
    sweep_conf_target: 100,
    failure_backoff_sec: '86400',
    autoloop: false,
    autoloop_budget_sat: '0',
    autoloop_budget_start_sec: '0',
    auto_max_in_flight: '1',
    min_swap_amount: '0',
    max_swap_amount: '0',
    htlc_conf_target: 6,
    autoloop_dest_address: '',
    autoloop_budget_refresh_period_sec: '604800',
    autoloop_budget_last_refresh: '0',
    easy_autoloop: false,
    easy_autoloop_local_target_sat: '0',
    account: '',
    account_addr_type: 'ADDRESS_TYPE_UNKNOWN',
    easy_asset_params: {},
    fast_swap_publication: false,
    easy_autoloop_excluded_peers: [],
    loop_in_source: 'LOOP_IN_SOURCE_WALLET',
  }
}

export const PARAM_KEYS = Object.keys(defaultParams())

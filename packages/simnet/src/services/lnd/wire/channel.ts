import type { LnChannel } from '../../../world/lightning-api'
import { i64 } from '../proto'

const CSV_DELAY = 144
const DUST_LIMIT_SAT = 354
/** Anchor commitments: fee of the commitment transaction and its weight. */
const COMMIT_WEIGHT = 772

function constraints(reserveSat: number, capacitySat: number) {
  return {
    csv_delay: CSV_DELAY,
    chan_reserve_sat: i64(reserveSat),
    dust_limit_sat: i64(DUST_LIMIT_SAT),
    max_pending_amt_msat: i64(Math.floor(capacitySat * 0.99) * 1000),
    min_htlc_msat: '1',
    max_accepted_htlcs: 483,
  }
}

/** lnrpc.Channel */
export function channelJson(c: LnChannel) {
  return {
    active: c.state === 'open',
    remote_pubkey: c.remotePubkey,
    channel_point: c.channelPoint,
    chan_id: c.chanId,
    capacity: i64(c.capacitySat),
    local_balance: i64(c.localBalanceSat),
    remote_balance: i64(c.remoteBalanceSat),
    commit_fee: i64(c.isInitiator ? c.reserveSat - 660 : 0),
    commit_weight: i64(COMMIT_WEIGHT),
    fee_per_kw: '2500',
    unsettled_balance: '0',
    total_satoshis_sent: '0',
    total_satoshis_received: '0',
    num_updates: '0',
    pending_htlcs: [],
    csv_delay: CSV_DELAY,
    private: false,
    initiator: c.isInitiator,
    chan_status_flags: 'ChanStatusDefault',
    local_chan_reserve_sat: i64(c.localChanReserveSat),
    remote_chan_reserve_sat: i64(c.localChanReserveSat),
    static_remote_key: false,
    commitment_type: 'ANCHORS',
    lifetime: '0',
    uptime: '0',
    close_address: '',
    push_amount_sat: '0',
    thaw_height: 0,
    local_constraints: constraints(c.localChanReserveSat, c.capacitySat),
    remote_constraints: constraints(c.localChanReserveSat, c.capacitySat),
    alias_scids: [],
    zero_conf: false,
    zero_conf_confirmed_scid: '0',
    peer_alias: '',
    peer_scid_alias: '0',
    memo: '',
    custom_channel_data: '',
  }
}

/** PendingChannelsResponse.PendingOpenChannel */
export function pendingOpenJson(c: LnChannel) {
  return {
    channel: {
      remote_node_pub: c.remotePubkey,
      channel_point: c.channelPoint,
      capacity: i64(c.capacitySat),
      local_balance: i64(c.localBalanceSat),
      remote_balance: i64(c.remoteBalanceSat),
      local_chan_reserve_sat: i64(c.localChanReserveSat),
      remote_chan_reserve_sat: i64(c.localChanReserveSat),
      initiator: c.isInitiator ? 'INITIATOR_LOCAL' : 'INITIATOR_REMOTE',
      commitment_type: 'ANCHORS',
      num_forwarding_packages: '0',
      chan_status_flags: 'ChanStatusDefault',
      private: false,
      memo: '',
      custom_channel_data: '',
    },
    commit_fee: i64(c.isInitiator ? c.reserveSat - 660 : 0),
    commit_weight: i64(COMMIT_WEIGHT),
    fee_per_kw: '2500',
    funding_expiry_blocks: 2016 - c.confirmations,
    confirmations_until_active: Math.max(0, c.confirmationsNeeded - c.confirmations),
    confirmation_height: 0,
  }
}

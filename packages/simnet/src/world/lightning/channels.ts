import * as btc from '@scure/btc-signer'
import { hex } from '@scure/base'
import type { ChannelOpenMode, LnChannel } from '../lightning-api'
import { ChainError } from '../chain-api'
import { LightningError } from '../lightning-api'
import type { SimChain } from '../chain/chain'
import { REGTEST } from '../chain/network'
import type { ChannelRecord, LightningState } from './state'

const MIN_CHANNEL_SAT = 20_000
/** Commitment fee plus two anchor outputs, kept aside from both balances. */
const COMMIT_RESERVE_SAT = 3_470
const FUNDING_CONFIRMATIONS = 3

interface Party {
  id: string
  pubkey: string
  privateKeyHex: string
}

/** The 2-of-2 funding output of two nodes, as lnd builds it (P2WSH multisig, sorted keys). */
function fundingOutput(a: string, b: string) {
  const keys = [a, b].sort().map((k) => hex.decode(k))
  const multisig = btc.p2ms(2, keys)
  const payment = btc.p2wsh(multisig, REGTEST)
  return { address: payment.address, script: payment.script, witnessScript: multisig.script }
}

/** Opens channels with real funding transactions and drives them through their confirmations. */
export class ChannelBook {
  constructor(
    private readonly state: LightningState,
    private readonly chain: SimChain,
    private readonly party: (nodeId: string) => Party,
    private readonly changed: (record: ChannelRecord) => void,
    private readonly nowSec: () => number,
    private readonly activated: (record: ChannelRecord) => void = () => {},
  ) {}

  records(): ChannelRecord[] {
    return this.state.channels
  }

  /**
   * Opens a channel with a funding transaction from the initiator's wallet. `plan` overrides the
   * one-shot planned outcome (set through the control API) without consuming it.
   */
  open(
    initiatorId: string,
    peerId: string,
    fundingSat: number,
    pushSat: number,
    plan?: ChannelOpenMode,
  ): ChannelRecord {
    if (initiatorId === peerId) throw new LightningError('cannot open a channel to yourself')
    if (!Number.isSafeInteger(fundingSat) || fundingSat < MIN_CHANNEL_SAT) {
      throw new LightningError(
        `chan size of ${(fundingSat / 1e8).toFixed(8)} BTC is below min chan size of ${(MIN_CHANNEL_SAT / 1e8).toFixed(8)} BTC`,
      )
    }
    if (
      !Number.isSafeInteger(pushSat) ||
      pushSat < 0 ||
      pushSat > fundingSat - COMMIT_RESERVE_SAT
    ) {
      throw new LightningError(
        'amount pushed to remote peer for initial state must be below the local funding amount',
      )
    }
    const a = this.party(initiatorId)
    const b = this.party(peerId)
    const output = fundingOutput(a.pubkey, b.pubkey)
    let txid: string
    try {
      const rate = this.chain.feeEstimates()['6'] ?? 2
      txid = this.chain.send(initiatorId, [{ address: output.address, amountSat: fundingSat }], {
        feeRateSatPerVbyte: rate,
        label: `0:openchannel:shortchanid-0`,
      }).txid
    } catch (err) {
      if (err instanceof ChainError) {
        const have = this.chain.balance(initiatorId)
        throw new LightningError(
          `not enough witness outputs to create funding transaction, need ${(fundingSat / 1e8).toFixed(8)} BTC only have ${((have.confirmedSat + have.unconfirmedSat) / 1e8).toFixed(8)} BTC available`,
        )
      }
      throw err
    }
    const tx = this.chain.getTx(txid)!
    const vout = tx.vout.findIndex((o) => o.address === output.address)
    const record: ChannelRecord = {
      channelPoint: `${txid}:${vout}`,
      chanId: '0',
      initiator: initiatorId,
      peer: peerId,
      capacitySat: fundingSat,
      initiatorMsat: (fundingSat - COMMIT_RESERVE_SAT - pushSat) * 1000,
      peerMsat: pushSat * 1000,
      reserveSat: COMMIT_RESERVE_SAT,
      state: 'pending_open',
      fundingTxid: txid,
      fundingVout: vout,
      fundingScriptHex: hex.encode(output.script),
      confirmationsNeeded: FUNDING_CONFIRMATIONS,
      openedAt: this.nowSec(),
      plannedOpen: plan ?? this.state.nextOpen,
      openIssue: null,
    }
    if (!plan) this.state.nextOpen = 'normal'
    this.state.channels.push(record)
    this.changed(record)
    return record
  }

  /** Called on every block: confirmed fundings open, fail or wait for the operator. */
  onBlock(): void {
    for (const record of this.state.channels) {
      if (record.state !== 'pending_open' || record.openIssue) continue
      if (this.chain.confirmations(record.fundingTxid) < record.confirmationsNeeded) continue
      if (record.plannedOpen === 'fail') this.fail(record)
      else if (record.plannedOpen === 'manual') {
        record.openIssue = 'manual_processing'
        this.changed(record)
      } else this.activate(record)
    }
  }

  resolve(channelPoint: string, outcome: 'open' | 'fail'): void {
    const record = this.state.channels.find((c) => c.channelPoint === channelPoint)
    if (!record) throw new LightningError('channel not found')
    if (record.openIssue !== 'manual_processing') {
      throw new LightningError('channel is not waiting for manual processing')
    }
    record.openIssue = null
    if (outcome === 'open') this.activate(record)
    else this.fail(record)
  }

  private activate(record: ChannelRecord): void {
    const tx = this.chain.getTx(record.fundingTxid)
    const height = tx?.blockHeight ?? this.chain.tipHeight()
    const position = this.chain.blockTxids(height)?.indexOf(record.fundingTxid) ?? 0
    record.chanId = shortChannelId(height, position, record.fundingVout)
    record.state = 'open'
    this.changed(record)
    this.activated(record)
  }

  /**
   * A zero-conf channel: usable at once, before its funding confirms, under an alias short
   * channel id as lnd gives such channels (block heights from 16,000,000 up are aliases).
   */
  openZeroConf(initiatorId: string, peerId: string, fundingSat: number): ChannelRecord {
    const record = this.open(initiatorId, peerId, fundingSat, 0, 'normal')
    const aliases = this.state.channels.filter((c) => c.confirmationsNeeded === 0).length
    record.confirmationsNeeded = 0
    record.chanId = shortChannelId(ALIAS_SCID_START_HEIGHT + aliases, 0, 1)
    record.state = 'open'
    this.changed(record)
    return record
  }

  /** The opening failed: both ends sign a transaction returning the funds to the initiator. */
  private fail(record: ChannelRecord): void {
    const a = this.party(record.initiator)
    const b = this.party(record.peer)
    const output = fundingOutput(a.pubkey, b.pubkey)
    const refund = new btc.Transaction()
    refund.addInput({
      txid: record.fundingTxid,
      index: record.fundingVout,
      witnessUtxo: { script: output.script, amount: BigInt(record.capacitySat) },
      witnessScript: output.witnessScript,
    })
    const feeSat = 200 * (this.chain.feeEstimates()['6'] ?? 2)
    refund.addOutputAddress(
      this.chain.newAddress(record.initiator),
      BigInt(record.capacitySat - feeSat),
      REGTEST,
    )
    refund.sign(hex.decode(a.privateKeyHex))
    refund.sign(hex.decode(b.privateKeyHex))
    refund.finalize()
    this.chain.broadcastRaw(refund.hex)
    record.state = 'closed'
    record.openIssue = 'failed'
    record.initiatorMsat = 0
    record.peerMsat = 0
    this.changed(record)
  }

  view(record: ChannelRecord, nodeId: string, remotePubkey: string): LnChannel {
    const isInitiator = record.initiator === nodeId
    const localMsat = isInitiator ? record.initiatorMsat : record.peerMsat
    const remoteMsat = isInitiator ? record.peerMsat : record.initiatorMsat
    return {
      chanId: record.chanId,
      channelPoint: record.channelPoint,
      remotePubkey,
      remoteNodeId: isInitiator ? record.peer : record.initiator,
      capacitySat: record.capacitySat,
      localBalanceSat: Math.floor(localMsat / 1000),
      remoteBalanceSat: Math.floor(remoteMsat / 1000),
      localBalanceMsat: localMsat,
      remoteBalanceMsat: remoteMsat,
      reserveSat: record.state === 'closed' ? 0 : record.reserveSat,
      localChanReserveSat: chanReserveSat(record),
      state: record.state,
      fundingTxid: record.fundingTxid,
      confirmationsNeeded: record.confirmationsNeeded,
      confirmations: this.chain.confirmations(record.fundingTxid),
      isInitiator,
      openedAt: record.openedAt,
      openIssue: record.openIssue,
    }
  }
}

/** lnd's first alias short channel id height (zero-conf and scid-alias channels). */
const ALIAS_SCID_START_HEIGHT = 16_000_000

function shortChannelId(height: number, position: number, vout: number): string {
  return ((BigInt(height) << 40n) | (BigInt(position) << 16n) | BigInt(vout)).toString()
}

/** The 1% each side must keep in the channel (lnd's default channel reserve). */
export function chanReserveSat(record: ChannelRecord): number {
  return Math.max(354, Math.floor(record.capacitySat / 100))
}

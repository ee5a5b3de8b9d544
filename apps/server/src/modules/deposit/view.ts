/** A channel deposit as pages see it. */
import { satToBtcString } from '@app/domain'
import { REQUIRED_CONFIRMATIONS } from './progress'
import type { ChannelErrorCode, DepositRow } from './repo'

export const MIN_CHANNEL_DEPOSIT_SAT = 200_000

/** What the spec says a failed or manual opening shows; the node's own words stay in the log. */
const CHANNEL_ERROR_SENTENCE: Record<ChannelErrorCode, string> = {
  CHANNEL_OPEN_FAILED: 'Error opening the channel',
  CHANNEL_FUNDS_INSUFFICIENT: 'Error opening the channel',
  CHANNEL_MANUAL_PROCESSING: 'Manual processing required',
}

export function depositView(row: DepositRow) {
  const btc = satToBtcString(row.amountSat)
  return {
    id: row.id,
    address: row.address,
    amountSat: row.amountSat,
    minimumSat: MIN_CHANNEL_DEPOSIT_SAT,
    bip21: `bitcoin:${row.address}?amount=${btc}&label=${encodeURIComponent('Channel deposit')}`,
    status: row.status,
    confirmations: row.confirmations,
    requiredConfirmations: REQUIRED_CONFIRMATIONS,
    receivedSat: row.receivedSat,
    txid: row.txid,
    channel: {
      state: row.channelState,
      /** the sentence of the state (failed or manual), for readers that show text as it is */
      error: row.channelErrorCode ? CHANNEL_ERROR_SENTENCE[row.channelErrorCode] : null,
      /** why the opening failed or waits, as a catalogue code: what pages translate */
      errorCode: row.channelErrorCode,
    },
    /** when nothing paid to it, the deposit was given up; a new one is the way on */
    expiredAt: row.expiredAt,
    createdAt: row.createdAt,
  }
}
export type DepositView = ReturnType<typeof depositView>

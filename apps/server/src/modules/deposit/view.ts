/** A channel deposit as pages see it. */
import { satToBtcString } from '../../lib/money'
import { REQUIRED_CONFIRMATIONS } from './progress'
import type { DepositRow } from './repo'

export const MIN_CHANNEL_DEPOSIT_SAT = 200_000

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
      error: row.channelError,
    },
    createdAt: row.createdAt,
  }
}
export type DepositView = ReturnType<typeof depositView>

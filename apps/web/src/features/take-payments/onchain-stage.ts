import type { PaymentStatus } from '@app/domain'

/** The stage of an on-chain payment as a cashier follows it. */
type OnchainStage = 'unused' | 'receiving' | 'confirmed'

/** pending without a transaction = unused (waiting), processing = receiving, settled = confirmed. */
export function onchainStage(payment: {
  status: PaymentStatus
  txid: string | null
}): OnchainStage | null {
  if (payment.status === 'settled') return 'confirmed'
  if (payment.status === 'processing') return 'receiving'
  if (payment.status === 'pending') return payment.txid ? 'receiving' : 'unused'
  return null
}

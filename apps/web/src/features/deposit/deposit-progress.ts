/**
 * Where a channel deposit stands (spec section 4: deposit received, 3 confirmations of about 10
 * minutes each, channel opening of about 30 minutes, then open, failed or manual processing).
 */
import type { inferOutput } from '@trpc/tanstack-react-query'
import type { Trpc } from '@/lib/trpc'

export type Deposit = inferOutput<Trpc['deposit']['get']>

/** The fallback minimum the server applies; its DEPOSIT_BELOW_MINIMUM error names the real one. */
export const MIN_CHANNEL_DEPOSIT_SAT = 200_000
const MINUTES_PER_BLOCK = 10

export const DEPOSIT_STAGES = ['payment', 'confirmations', 'channel', 'ready'] as const
export type DepositStage = (typeof DEPOSIT_STAGES)[number]
export type StageState = 'done' | 'current' | 'upcoming' | 'failed' | 'manual'

type DepositProgressInput = Pick<
  Deposit,
  'status' | 'confirmations' | 'requiredConfirmations' | 'amountSat' | 'receivedSat'
> & { channel: Pick<Deposit['channel'], 'state'> & Partial<Deposit['channel']> }

export function depositStages(deposit: DepositProgressInput): Record<DepositStage, StageState> {
  const channel = deposit.channel.state
  if (channel === 'open') {
    return { payment: 'done', confirmations: 'done', channel: 'done', ready: 'done' }
  }
  if (channel === 'failed' || channel === 'manual') {
    return { payment: 'done', confirmations: 'done', channel, ready: 'upcoming' }
  }
  if (deposit.status === 'confirmed' || channel === 'opening') {
    return { payment: 'done', confirmations: 'done', channel: 'current', ready: 'upcoming' }
  }
  // Part of the amount came: the payment is not complete until the rest does.
  if (remainingSat(deposit) !== undefined) {
    return { payment: 'current', confirmations: 'upcoming', channel: 'upcoming', ready: 'upcoming' }
  }
  if (deposit.status === 'receiving') {
    return { payment: 'done', confirmations: 'current', channel: 'upcoming', ready: 'upcoming' }
  }
  return { payment: 'current', confirmations: 'upcoming', channel: 'upcoming', ready: 'upcoming' }
}

/** What is still to send after a partial payment; undefined when nothing or everything came. */
export function remainingSat(deposit: DepositProgressInput): number | undefined {
  if (deposit.receivedSat <= 0 || deposit.receivedSat >= deposit.amountSat) return undefined
  return deposit.amountSat - deposit.receivedSat
}

/** About how long until the deposit has all its confirmations. */
export function minutesToConfirm(deposit: DepositProgressInput): number {
  const missing = Math.max(deposit.requiredConfirmations - deposit.confirmations, 0)
  return missing * MINUTES_PER_BLOCK
}

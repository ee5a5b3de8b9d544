/**
 * The platform's rows of Loop swaps and what loopd says of them: the page's view of a row,
 * the label a manual swap carries in loopd, swaps autoloop started recorded, and a row brought
 * up to its swap's state.
 */
import { isFinalLoopSwapStatus, type LoopSwapStatus } from '@app/domain'
import type { Swap, SwapState } from '../../wallets/node-admin'
import type { LoopRepo, LoopSwapRow } from './repo'

/** Autoloop's label in loopd (the swaps it starts carry it). */
const AUTOLOOP_LABEL = /^\[reserved\]:? ?autoloop/

/** The label of a manual swap in loopd, by which a row whose reply was lost is found. */
export const labelOf = (rowId: string) => `swap ${rowId}`

const STATUS_BY_STATE: Record<SwapState, LoopSwapStatus> = {
  INITIATED: 'initiated',
  HTLC_PUBLISHED: 'htlc_published',
  PREIMAGE_REVEALED: 'preimage_revealed',
  INVOICE_SETTLED: 'initiated',
  SUCCESS: 'succeeded',
  FAILED: 'failed',
}

const reasonOf = (swap: Swap) =>
  swap.failureReason ? swap.failureReason.replace(/^FAILURE_REASON_/, '') : null
const costOf = (swap: Swap) => swap.costSat.server + swap.costSat.onchain + swap.costSat.offchain

/** What the page shows of a swap. */
export function swapView(row: LoopSwapRow) {
  return {
    id: row.id,
    initiator: row.initiator,
    status: row.status,
    amountSat: Number(row.amountSat),
    destAddress: row.destAddress,
    feesSat: Number(row.swapFeeSat) + Number(row.sweepFeeSat),
    costSat: row.costSat === null ? null : Number(row.costSat),
    failureReason: row.failureReason,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** Records swaps autoloop started that the platform has not seen yet. */
export async function recordAutoloopSwaps(
  repo: LoopRepo,
  businessId: string,
  swaps: Swap[],
): Promise<void> {
  const known = await repo.knownSwapIds(businessId)
  for (const swap of swaps) {
    if (known.has(swap.id) || !AUTOLOOP_LABEL.test(swap.label)) continue
    await repo.insert({
      businessId,
      userId: null,
      initiator: 'autoloop',
      idempotencyKey: `autoloop ${swap.id}`,
      swapId: swap.id,
      status: STATUS_BY_STATE[swap.state],
      amountSat: swap.amountSat,
      destAddress: null,
      swapFeeSat: swap.costSat.server,
      prepaySat: 0,
      sweepFeeSat: swap.costSat.onchain,
      confTarget: 0,
      createdAt: swap.initiatedAt,
    })
  }
}

/** Brings a row up to what loopd says of its swap. */
export async function applySwap(
  repo: LoopRepo,
  row: LoopSwapRow,
  swap: Swap,
): Promise<LoopSwapRow> {
  const status = STATUS_BY_STATE[swap.state]
  if (status === row.status && row.swapId === swap.id) return row
  const updated = await repo.update(row.id, {
    swapId: swap.id,
    status,
    failureReason: status === 'failed' ? (reasonOf(swap) ?? 'UNKNOWN') : null,
    costSat: isFinalLoopSwapStatus(status) ? costOf(swap) : null,
  })
  return updated ?? row
}

/**
 * Lightning Loop for a merchant's own node: autoloop (loopd's easy autoloop with a local balance
 * target, the merchant's own address, a budget and a fee share) and manual loop outs. A manual
 * swap is a row with its idempotency key before loopd is asked; a reply that never came leaves
 * it `unknown`, and the follow-up job finds it in loopd by its label or fails it.
 */
import {
  autoloopState,
  isFinalLoopSwapStatus,
  parseBitcoinAddress,
  toAutoloopReason,
  type AutoloopSetup,
  type BitcoinNetwork,
  type LoopOutInput,
  type LoopSwapStatus,
} from '@app/domain'
import { DomainError } from '../../lib/errors'
import {
  NodeRefusedError,
  NodeUnreachableError,
  NoLoopError,
  type NodeAdmin,
  type Swap,
  type SwapState,
} from '../../wallets/node-admin'
import type { NodeService } from '../node/service'
import type { LoopRepo, LoopSwapRow } from './repo'

/** A row loopd never saw this long after it was written: nothing was started. */
export const NEVER_SEEN_MS = 120_000
/** Autoloop's label in loopd (the swaps it starts carry it). */
const AUTOLOOP_LABEL = /^\[reserved\]:? ?autoloop/
const labelOf = (rowId: string) => `swap ${rowId}`

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

export function createLoopService(deps: {
  repo: LoopRepo
  nodes: Pick<NodeService, 'admin' | 'settings'>
  network: BitcoinNetwork
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo } = deps

  /** The business's own node; Loop is for own-node businesses only. */
  async function adminOf(businessId: string): Promise<NodeAdmin> {
    if (!(await deps.nodes.settings(businessId)).exists) {
      throw new DomainError('LOOP_NOT_AVAILABLE', 'This business has no node of its own')
    }
    return (await deps.nodes.admin(businessId)).admin
  }

  /** loopd's errors as catalogue codes: no Loop, a node not running, or `otherwise`. */
  function mapped(err: unknown, otherwise: DomainError): never {
    if (err instanceof DomainError) throw err
    if (err instanceof NoLoopError) {
      throw new DomainError('LOOP_NOT_AVAILABLE', 'Loop is not available on this node')
    }
    if (err instanceof NodeUnreachableError || err instanceof NodeRefusedError) {
      if (err instanceof NodeRefusedError && err.isLocked) {
        throw new DomainError('NODE_NOT_READY', 'Node is not ready')
      }
      throw otherwise
    }
    throw err
  }

  const unavailable = () => new DomainError('LOOP_DATA_UNAVAILABLE', 'Failed to load Loop data')

  function checkAddress(address: string): string {
    const parsed = parseBitcoinAddress(address, deps.network)
    if (!parsed.ok) {
      throw new DomainError('LOOP_INVALID_ADDRESS', `Not an address on ${deps.network}`)
    }
    return parsed.address
  }

  /** Records swaps autoloop started that the platform has not seen yet. */
  async function recordAutoloopSwaps(businessId: string, swaps: Swap[]): Promise<void> {
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
  async function apply(row: LoopSwapRow, swap: Swap): Promise<LoopSwapRow> {
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

  return {
    /**
     * The Loop page: terms, autoloop as set in loopd with its state for the merchant, the
     * channels' balances, and loopd's reasons when it would not start a swap now.
     */
    async overview(businessId: string, signal?: AbortSignal) {
      const admin = await adminOf(businessId)
      try {
        const [terms, settings, liquidity, suggestions] = await Promise.all([
          admin.loopOutTerms(signal),
          admin.autoloop(signal),
          admin.liquidity(signal),
          admin.autoloopSuggestions(signal),
        ])
        const thresholdSat = settings.easyLocalTargetSat
        const enabled = settings.enabled && thresholdSat !== null
        const state = autoloopState({
          enabled,
          thresholdSat: thresholdSat ?? 0,
          localSat: liquidity.localSat,
          minSwapSat: terms.minSat,
        })
        const reasons = [
          ...new Set(suggestions.disqualified.map((d) => toAutoloopReason(d.reason))),
        ]
        return {
          terms,
          localSat: liquidity.localSat,
          remoteSat: liquidity.remoteSat,
          autoloop: {
            ...state,
            destAddress: settings.destAddress,
            thresholdSat,
            budgetSat: settings.budgetSat,
            maxFeePercent: settings.feePpm === null ? null : settings.feePpm / 10_000,
          },
          /** what autoloop would move out now, and why it would not (when it would not) */
          suggestion: {
            loopOutSat: suggestions.loopOut.reduce((s, o) => s + o.amountSat, 0),
            reasons,
          },
        }
      } catch (err) {
        return mapped(err, unavailable())
      }
    },

    /** Autoloop on: read, merge and write loopd's liquidity parameters. */
    async setupAutoloop(businessId: string, input: AutoloopSetup, signal?: AbortSignal) {
      const destAddress = checkAddress(input.destAddress)
      const admin = await adminOf(businessId)
      const failed = new DomainError('AUTOLOOP_SETUP_FAILED', 'Failed to set up autoloop')
      try {
        const current = await admin.autoloop(signal)
        await admin.setAutoloop(
          {
            ...current,
            enabled: true,
            destAddress,
            budgetSat: input.budgetSat,
            // a new budget counts the fees from now on
            budgetStartSec:
              current.enabled && current.budgetStartSec > 0
                ? current.budgetStartSec
                : Math.floor(Date.now() / 1000),
            // easy autoloop works on the channels' balance as a whole, not per-channel rules
            rules: [],
            easyLocalTargetSat: input.thresholdSat,
            feePpm: Math.round(input.maxFeePercent * 10_000),
          },
          signal,
        )
      } catch (err) {
        deps.log?.(`autoloop of ${businessId} not set up`, err)
        return mapped(err, failed)
      }
    },

    /** Autoloop off (the other settings stay for next time). */
    async disableAutoloop(businessId: string, signal?: AbortSignal) {
      const admin = await adminOf(businessId)
      try {
        const current = await admin.autoloop(signal)
        await admin.setAutoloop({ ...current, enabled: false }, signal)
      } catch (err) {
        return mapped(err, new DomainError('AUTOLOOP_SETUP_FAILED', 'Failed to set up autoloop'))
      }
    },

    /** loopd's price for a loop out of this amount, within its terms. */
    async quote(businessId: string, amountSat: number, signal?: AbortSignal) {
      const admin = await adminOf(businessId)
      try {
        const terms = await admin.loopOutTerms(signal)
        if (amountSat < terms.minSat || amountSat > terms.maxSat) {
          throw new DomainError('LOOP_AMOUNT_OUT_OF_RANGE', 'Outside the swap terms', {
            minSat: terms.minSat,
            maxSat: terms.maxSat,
          })
        }
        return await admin.loopOutQuote(amountSat, 9, signal)
      } catch (err) {
        return mapped(err, unavailable())
      }
    },

    /**
     * A manual loop out within the quote the merchant confirmed. The key makes a retried request
     * return the first one's swap; loopd is asked at most once per key.
     */
    async swapOut(
      input: LoopOutInput & { businessId: string; userId: string },
      signal?: AbortSignal,
    ) {
      const { businessId } = input
      const destAddress = input.destAddress ? checkAddress(input.destAddress) : null
      const existing = await repo.findByKey(businessId, input.idempotencyKey)
      if (existing) return swapView(existing)
      const admin = await adminOf(businessId)
      let quote
      try {
        quote = await admin.loopOutQuote(input.amountSat, input.quote.confTarget, signal)
      } catch (err) {
        return mapped(err, unavailable())
      }
      if (
        quote.swapFeeSat > input.quote.swapFeeSat ||
        quote.prepaySat > input.quote.prepaySat ||
        quote.sweepFeeSat > input.quote.sweepFeeSat
      ) {
        throw new DomainError('LOOP_QUOTE_CHANGED', 'The fees changed since the quote')
      }
      const row = await repo.insert({
        businessId,
        userId: input.userId,
        initiator: 'merchant',
        idempotencyKey: input.idempotencyKey,
        amountSat: input.amountSat,
        destAddress,
        swapFeeSat: input.quote.swapFeeSat,
        prepaySat: input.quote.prepaySat,
        sweepFeeSat: input.quote.sweepFeeSat,
        confTarget: input.quote.confTarget,
      })
      // the same key arrived twice at once: the other request asks loopd
      if (!row) return swapView((await repo.findByKey(businessId, input.idempotencyKey))!)
      try {
        const started = await admin.loopOut(
          {
            amountSat: input.amountSat,
            destAddress: destAddress ?? undefined,
            quote: { ...input.quote, amountSat: input.amountSat },
            label: labelOf(row.id),
          },
          signal,
        )
        const sent = await repo.update(row.id, { swapId: started.id, status: 'initiated' })
        return swapView(sent ?? row)
      } catch (err) {
        if (err instanceof NodeRefusedError) {
          deps.log?.(`loop out of ${businessId} refused`, err)
          await repo.update(row.id, { status: 'failed', failureReason: 'REFUSED' })
          throw new DomainError('LOOP_SWAP_FAILED', 'Failed to start the swap')
        }
        if (err instanceof NodeUnreachableError) {
          // loopd may have started it: the follow-up job finds out
          const unknown = await repo.update(row.id, { status: 'unknown' })
          return swapView(unknown ?? row)
        }
        await repo.update(row.id, { status: 'unknown' })
        throw err
      }
    },

    /** The business's swaps, newest first, with those autoloop started recorded. */
    async swaps(businessId: string, signal?: AbortSignal) {
      try {
        const admin = await adminOf(businessId)
        await recordAutoloopSwaps(businessId, await admin.swaps(signal))
      } catch (err) {
        // the recorded ones are still shown when loopd cannot be asked
        deps.log?.(`loop swaps of ${businessId} not read`, err)
      }
      return (await repo.list(businessId)).map(swapView)
    },

    /** Follows one open row to what loopd says of it (the job's step). */
    async follow(row: LoopSwapRow, signal?: AbortSignal): Promise<LoopSwapRow> {
      const admin = await adminOf(row.businessId)
      if (row.swapId) return apply(row, await admin.swap(row.swapId, signal))
      const all = await admin.swaps(signal)
      const found = all.find((s) => s.label === labelOf(row.id))
      if (found) return apply(row, found)
      if (Date.now() - row.createdAt.getTime() > NEVER_SEEN_MS) {
        return (
          (await repo.update(row.id, { status: 'failed', failureReason: 'NOT_STARTED' })) ?? row
        )
      }
      return row
    },
  }
}

export type LoopService = ReturnType<typeof createLoopService>

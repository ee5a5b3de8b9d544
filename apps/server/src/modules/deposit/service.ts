/**
 * The channel deposit: an on-chain invoice to the merchant's node; after 3 confirmations the
 * platform opens a channel to the liquidity provider; when it is open, onboarding completes.
 */
import type { JobQueue } from '../../jobs/jobs'
import { DomainError } from '../../lib/errors'
import type { PgEventBus } from '../../lib/pg-events'
import { NodeRefusedError, NodeUnreachableError, type NodeAdmin } from '../../wallets/node-admin'
import { advance as advanceOnboarding, type OnboardingRepo } from '../onboarding'
import type { NodeRow, NodeService } from '../node'
import { chainProgress, hostedOutcome, nodeOutcome, type OpeningOutcome } from './progress'
import type { ChannelErrorCode, DepositRepo, DepositRow } from './repo'
import { depositView, MIN_CHANNEL_DEPOSIT_SAT } from './view'
import { watchDeposit } from './watch'

/** Kept on chain to pay the channel's funding transaction fee. */
const FUNDING_FEE_RESERVE_SAT = 5_000

export interface DepositOptions {
  /** deposits still waiting for their payment that one business may hold at once */
  maxOpenPerBusiness: number
  /** an unpaid deposit this old (ms since it was made) is given up */
  expireUnpaidAfterMs: number
  /** deposits looked at per pass of the deposit job */
  batchSize: number
  /** deposits looked at side by side within a pass */
  concurrency: number
  /** how long one deposit's node may take within a pass before it waits for the next */
  perDepositTimeoutMs: number
  /** an opening asked of the node this long ago with no answer stored was lost: it failed */
  openingRequestLostMs: number
}

export const DEFAULT_DEPOSIT_OPTIONS: DepositOptions = {
  maxOpenPerBusiness: 5,
  expireUnpaidAfterMs: 7 * 24 * 3600_000,
  batchSize: 100,
  concurrency: 4,
  perDepositTimeoutMs: 60_000,
  openingRequestLostMs: 10 * 60_000,
}

/** The node refused to open, or the opening could not start: the code pages are given. */
class ChannelOpeningError extends Error {
  constructor(
    readonly code: ChannelErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'ChannelOpeningError'
  }
}

export function createDepositService(deps: {
  repo: DepositRepo
  nodes: NodeService
  onboardingRepo: OnboardingRepo
  /** realtime fan-out of deposit changes */
  bus?: PgEventBus
  /** where deposit advancing runs, and how often */
  jobs?: { queue: JobQueue; intervalMs: number }
  log?: (msg: string, err?: unknown) => void
  options?: Partial<DepositOptions>
}) {
  const { repo, nodes } = deps
  const options: DepositOptions = { ...DEFAULT_DEPOSIT_OPTIONS, ...deps.options }
  const log = deps.log ?? (() => {})

  async function requireDeposit(businessId: string, id: string) {
    const row = await repo.find(businessId, id)
    if (!row) throw new DomainError('NOT_FOUND', 'Deposit not found')
    return row
  }

  /** Reads the chain for a deposit still waiting; opens the channel once it is confirmed. */
  async function followDeposit(row: DepositRow, admin: NodeAdmin, signal?: AbortSignal) {
    const chain = chainProgress(row, await admin.onchainTransactions(signal))
    if (
      chain.status !== row.status ||
      chain.confirmations !== row.confirmations ||
      chain.receivedSat !== row.receivedSat
    ) {
      await repo.updateChain(row.id, chain)
    }
    if (chain.status === 'confirmed') await openChannel(row, signal)
  }

  /** How an opening (or one in manual processing) went: the host says, else the node. */
  async function openingOutcome(
    row: DepositRow,
    admin: NodeAdmin,
    node: NodeRow,
    signal?: AbortSignal,
  ): Promise<OpeningOutcome> {
    const view = await nodes.hostView(node, signal)
    const hosted = hostedOutcome(row.channelPoint, view.channels)
    if (hosted) return hosted
    const [channels, pending] = await Promise.all([
      admin.channels(signal),
      admin.pendingChannels(signal),
    ])
    return nodeOutcome(row.channelPoint, channels, pending)
  }

  /** Moves the deposit's channel to the outcome; an open channel completes onboarding. */
  async function settleOpening(row: DepositRow, outcome: OpeningOutcome): Promise<void> {
    if (outcome === 'open') {
      // One transaction: a page told the channel is open finds onboarding completed.
      await deps.onboardingRepo.withLockedBusiness(row.businessId, async (trx, step) => {
        const moved = await repo.moveChannel(row.id, ['opening', 'manual'], 'open', {}, trx)
        if (moved && step === 'deposit')
          await advanceOnboarding(trx, row.businessId, { type: 'channelOpened' })
      })
    } else if (outcome === 'failed') {
      await repo.moveChannel(row.id, ['opening', 'manual'], 'failed', {
        channelError: 'Error opening the channel',
        channelErrorCode: 'CHANNEL_OPEN_FAILED',
      })
    } else if (outcome === 'manual' && row.channelState !== 'manual') {
      await repo.moveChannel(row.id, ['opening'], 'manual', {
        channelError: 'Manual processing required',
        channelErrorCode: 'CHANNEL_MANUAL_PROCESSING',
      })
    }
  }

  /** Moves one deposit on from what its node reports. Safe to run on any instance. */
  async function advance(row: DepositRow, signal?: AbortSignal): Promise<void> {
    if (row.channelState === 'opening' && row.channelPoint === null) {
      // The node is being asked to open (by another pass or a retry): its answer is awaited,
      // unless the asking was lost (the process ended), which is then a failed opening.
      if (Date.now() - row.updatedAt.getTime() > options.openingRequestLostMs) {
        await repo.moveChannel(row.id, ['opening'], 'failed', {
          channelError: 'Error opening the channel',
          channelErrorCode: 'CHANNEL_OPEN_FAILED',
        })
      }
      return
    }
    const { admin, row: node } = await nodes.admin(row.businessId)
    if (row.channelState === 'waiting_for_deposit') {
      await followDeposit(row, admin, signal)
    } else {
      await settleOpening(row, await openingOutcome(row, admin, node, signal))
    }
  }

  /** Exactly one caller wins the move to `opening` and asks the node to open the channel. */
  async function openChannel(row: DepositRow, signal?: AbortSignal): Promise<void> {
    const { admin, row: node } = await nodes.admin(row.businessId)
    // No channel point until the node answers: a pass meanwhile does not judge an earlier one.
    const claimed = await repo.moveChannel(row.id, ['waiting_for_deposit', 'failed'], 'opening', {
      channelPoint: null,
    })
    if (!claimed) return
    try {
      const view = await nodes.hostView(node, signal)
      if (!view.lspPubkey) throw new Error('no liquidity provider configured')
      const balance = await admin.onchainBalance(signal)
      const localFundingSat = balance.confirmedSat - FUNDING_FEE_RESERVE_SAT
      if (localFundingSat < MIN_CHANNEL_DEPOSIT_SAT - FUNDING_FEE_RESERVE_SAT) {
        throw new ChannelOpeningError(
          'CHANNEL_FUNDS_INSUFFICIENT',
          'not enough confirmed funds to open the channel',
        )
      }
      const { channelPoint } = await admin.openChannel(
        { peerPubkey: view.lspPubkey, localFundingSat },
        signal,
      )
      await repo.moveChannel(row.id, ['opening'], 'opening', {
        channelPoint,
        channelError: null,
        channelErrorCode: null,
      })
    } catch (err) {
      // What the node said is for the log; the merchant is given a code.
      log(`channel opening of deposit ${row.id} failed`, err)
      const code = err instanceof ChannelOpeningError ? err.code : 'CHANNEL_OPEN_FAILED'
      await repo.moveChannel(row.id, ['opening'], 'failed', {
        channelError: 'Error opening the channel',
        channelErrorCode: code,
      })
    }
  }

  /** Moves one deposit on within its own deadline; a failure is logged and waits a pass. */
  async function advanceOne(row: DepositRow, signal?: AbortSignal): Promise<void> {
    const deadline = AbortSignal.timeout(options.perDepositTimeoutMs)
    try {
      await advance(row, signal ? AbortSignal.any([signal, deadline]) : deadline)
    } catch (err) {
      log(`deposit ${row.id} not advanced`, err)
    }
  }

  /**
   * One pass: unpaid deposits past their age are given up, then the next batch of deposits
   * still moving (the longest unchecked first) is looked at, a few side by side.
   */
  async function tick(signal?: AbortSignal): Promise<void> {
    const expired = await repo.expireUnpaid(options.expireUnpaidAfterMs)
    if (expired > 0) log(`${expired} unpaid deposits expired`)
    const due = await repo.claimDue(options.batchSize)
    let next = 0
    const worker = async () => {
      while (next < due.length && !signal?.aborted) {
        const row = due[next++]
        if (row) await advanceOne(row, signal)
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker))
  }

  deps.jobs?.queue.every('deposit-advance', deps.jobs.intervalMs, tick)

  return {
    async create(
      business: { id: string; onboardingStep: string },
      amountSat: number,
      signal?: AbortSignal,
    ) {
      if (business.onboardingStep !== 'deposit') {
        throw new DomainError('STEP_NOT_ALLOWED', 'This step is not available now')
      }
      if (amountSat < MIN_CHANNEL_DEPOSIT_SAT) {
        throw new DomainError('DEPOSIT_BELOW_MINIMUM', 'The deposit is below the minimum', {
          minimumSat: MIN_CHANNEL_DEPOSIT_SAT,
        })
      }
      const limitReached = () =>
        new DomainError('DEPOSIT_LIMIT_REACHED', 'This business has too many open deposits', {
          maximum: options.maxOpenPerBusiness,
        })
      if ((await repo.countOpen(business.id)) >= options.maxOpenPerBusiness) throw limitReached()
      const { admin } = await nodes.admin(business.id)
      let address: string
      try {
        address = await admin.newAddress(signal)
      } catch (err) {
        if (err instanceof NodeRefusedError || err instanceof NodeUnreachableError) {
          throw new DomainError('NODE_NOT_READY', 'Node is not ready')
        }
        throw err
      }
      // Counted again under the business's lock: deposits made at the same time stay in the cap.
      const row = await deps.onboardingRepo.withLockedBusiness(business.id, async (trx, step) => {
        if (step !== 'deposit') {
          throw new DomainError('STEP_NOT_ALLOWED', 'This step is not available now')
        }
        if ((await repo.countOpen(business.id, trx)) >= options.maxOpenPerBusiness) {
          throw limitReached()
        }
        return repo.insert(business.id, address, amountSat, trx)
      })
      return { onchainInvoiceId: row.id }
    },

    async get(businessId: string, id: string) {
      return depositView(await requireDeposit(businessId, id))
    },

    async current(businessId: string) {
      const row = await repo.latest(businessId)
      return row ? depositView(row) : null
    },

    async retryChannel(businessId: string, id: string, signal?: AbortSignal) {
      const row = await requireDeposit(businessId, id)
      if (row.channelState !== 'failed') {
        throw new DomainError('CHANNEL_NOT_FAILED', 'The channel has not failed')
      }
      await openChannel(row, signal)
      return depositView(await requireDeposit(businessId, id))
    },

    /**
     * The deposit now and after every change (see `watch.ts`); after `lastEventId`, only if it
     * changed since.
     */
    watch(
      businessId: string,
      id: string,
      signal: AbortSignal | undefined,
      lastEventId?: string | null,
    ) {
      if (!deps.bus) throw new Error('deposit events need the event bus')
      return watchDeposit({ repo, bus: deps.bus }, businessId, id, signal, lastEventId)
    },

    /** One pass over every deposit still moving (the `deposit-advance` job runs it). */
    tick,
  }
}

export type DepositService = ReturnType<typeof createDepositService>

/**
 * The channel deposit: an on-chain invoice to the merchant's node; after 3 confirmations the
 * platform opens a channel to the liquidity provider; when it is open, onboarding completes.
 */
import type { JobQueue } from '../../jobs/jobs'
import { DomainError } from '../../lib/errors'
import type { PgEventBus } from '../../lib/pg-events'
import { NodeRefusedError, NodeUnreachableError, type NodeAdmin } from '../../wallets/node-admin'
import type { OnboardingRepo } from '../onboarding/repo'
import { advance as advanceOnboarding } from '../onboarding/step-machine'
import type { NodeRow } from '../node/repo'
import type { NodeService } from '../node/service'
import { chainProgress, hostedOutcome, nodeOutcome, type OpeningOutcome } from './progress'
import type { DepositRepo, DepositRow } from './repo'
import { depositView, MIN_CHANNEL_DEPOSIT_SAT } from './view'
import { watchDeposit } from './watch'

/** Kept on chain to pay the channel's funding transaction fee. */
export const FUNDING_FEE_RESERVE_SAT = 5_000

export function createDepositService(deps: {
  repo: DepositRepo
  nodes: NodeService
  onboardingRepo: OnboardingRepo
  /** realtime fan-out of deposit changes */
  bus?: PgEventBus
  /** where deposit advancing runs, and how often */
  jobs?: { queue: JobQueue; intervalMs: number }
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo, nodes } = deps
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
      })
    } else if (outcome === 'manual' && row.channelState !== 'manual') {
      await repo.moveChannel(row.id, ['opening'], 'manual', {
        channelError: 'Manual processing required',
      })
    }
  }

  /** Moves one deposit on from what its node reports. Safe to run on any instance. */
  async function advance(row: DepositRow, signal?: AbortSignal): Promise<void> {
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
    if (!(await repo.moveChannel(row.id, ['waiting_for_deposit', 'failed'], 'opening'))) return
    try {
      const view = await nodes.hostView(node, signal)
      if (!view.lspPubkey) throw new Error('no liquidity provider configured')
      const balance = await admin.onchainBalance(signal)
      const localFundingSat = balance.confirmedSat - FUNDING_FEE_RESERVE_SAT
      if (localFundingSat < MIN_CHANNEL_DEPOSIT_SAT - FUNDING_FEE_RESERVE_SAT) {
        throw new Error('not enough confirmed funds to open the channel')
      }
      const { channelPoint } = await admin.openChannel(
        { peerPubkey: view.lspPubkey, localFundingSat },
        signal,
      )
      await repo.moveChannel(row.id, ['opening'], 'opening', { channelPoint, channelError: null })
    } catch (err) {
      log('channel opening failed', err)
      const reason = err instanceof NodeRefusedError ? err.message : 'Error opening the channel'
      await repo.moveChannel(row.id, ['opening'], 'failed', { channelError: reason })
    }
  }

  /** One pass over every deposit still moving. */
  async function tick(signal?: AbortSignal): Promise<void> {
    for (const row of await repo.active()) {
      try {
        await advance(row, signal)
      } catch (err) {
        log(`deposit ${row.id} not advanced`, err)
      }
    }
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
      const row = await repo.insert(business.id, address, amountSat)
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

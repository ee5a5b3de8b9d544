/**
 * The channel deposit: an on-chain invoice to the merchant's node; after 3 confirmations the
 * platform opens a channel to the liquidity provider; when it is open, onboarding completes.
 */
import type { JobQueue } from '../../jobs/jobs'
import { DomainError } from '../../lib/errors'
import { satToBtcString } from '../../lib/money'
import { LndError, LndUnreachableError } from '../../wallets/lnd/lnd-client'
import type { OnboardingRepo } from '../onboarding/repo'
import type { NodeService } from '../node/service'
import type { DepositRepo, DepositRow } from './repo'

export const MIN_CHANNEL_DEPOSIT_SAT = 200_000
export const REQUIRED_CONFIRMATIONS = 3
/** Kept on chain to pay the channel's funding transaction fee. */
export const FUNDING_FEE_RESERVE_SAT = 5_000

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

export function createDepositService(deps: {
  repo: DepositRepo
  nodes: NodeService
  onboardingRepo: OnboardingRepo
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

  /** Reads the chain for one deposit and moves its channel on. Safe to run on any instance. */
  async function advance(row: DepositRow, signal?: AbortSignal): Promise<void> {
    const { lnd, row: node } = await nodes.lnd(row.businessId)
    if (row.channelState === 'waiting_for_deposit') {
      const { transactions } = await lnd.transactions(signal)
      let receivedSat = 0
      let confirmations = Number.MAX_SAFE_INTEGER
      let txid: string | null = null
      for (const tx of transactions) {
        const outs = (tx.output_details ?? []).filter((o) => o.address === row.address)
        if (outs.length === 0) continue
        receivedSat += outs.reduce((s, o) => s + Number(o.amount), 0)
        confirmations = Math.min(confirmations, tx.num_confirmations)
        txid ??= tx.tx_hash
      }
      if (receivedSat === 0) confirmations = 0
      const status =
        receivedSat === 0
          ? 'unused'
          : confirmations >= REQUIRED_CONFIRMATIONS && receivedSat >= row.amountSat
            ? 'confirmed'
            : 'receiving'
      if (
        status !== row.status ||
        confirmations !== row.confirmations ||
        receivedSat !== row.receivedSat
      ) {
        await repo.updateChain(row.id, { status, confirmations, receivedSat, txid })
      }
      if (status === 'confirmed') await openChannel(row, signal)
      return
    }
    // opening or manual: the host (or lnd) tells how the opening went.
    const view = await nodes.hostView(node, signal)
    const hosted = view.channels.find((c) => c.channelPoint === row.channelPoint)
    let outcome: 'open' | 'failed' | 'manual' | 'opening' = 'opening'
    if (hosted) {
      outcome =
        hosted.state === 'open'
          ? 'open'
          : hosted.state === 'failed' || hosted.state === 'closed'
            ? 'failed'
            : hosted.state === 'manual_processing'
              ? 'manual'
              : 'opening'
    } else {
      const [{ channels }, pending] = await Promise.all([
        lnd.channels(signal),
        lnd.pendingChannels(signal),
      ])
      if (channels.some((c) => c.channel_point === row.channelPoint)) outcome = 'open'
      else if (
        !pending.pending_open_channels.some((p) => p.channel.channel_point === row.channelPoint)
      ) {
        outcome = 'failed'
      }
    }
    if (outcome === 'open') {
      if (await repo.moveChannel(row.id, ['opening', 'manual'], 'open')) {
        await deps.onboardingRepo.withLockedBusiness(row.businessId, async (trx, step) => {
          if (step === 'deposit')
            await deps.onboardingRepo.setStep(trx, row.businessId, 'completed')
        })
      }
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

  /** Exactly one caller wins the move to `opening` and asks the node to open the channel. */
  async function openChannel(row: DepositRow, signal?: AbortSignal): Promise<void> {
    const { lnd, row: node } = await nodes.lnd(row.businessId)
    if (!(await repo.moveChannel(row.id, ['waiting_for_deposit', 'failed'], 'opening'))) return
    try {
      const view = await nodes.hostView(node, signal)
      if (!view.lspPubkey) throw new Error('no liquidity provider configured')
      const balance = await lnd.walletBalance(signal)
      const localFundingSat = Number(balance.confirmed_balance) - FUNDING_FEE_RESERVE_SAT
      if (localFundingSat < MIN_CHANNEL_DEPOSIT_SAT - FUNDING_FEE_RESERVE_SAT) {
        throw new Error('not enough confirmed funds to open the channel')
      }
      const opened = await lnd.openChannel(
        { nodePubkeyHex: view.lspPubkey, localFundingSat },
        signal,
      )
      const txid =
        opened.funding_txid_str ??
        Buffer.from(opened.funding_txid_bytes ?? '', 'base64')
          .reverse()
          .toString('hex')
      await repo.moveChannel(row.id, ['opening'], 'opening', {
        channelPoint: `${txid}:${opened.output_index}`,
        channelError: null,
      })
    } catch (err) {
      log('channel opening failed', err)
      const reason = err instanceof LndError ? err.message : 'Error opening the channel'
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
      const { lnd } = await nodes.lnd(business.id)
      let address: string
      try {
        address = (await lnd.newAddress(signal)).address
      } catch (err) {
        if (err instanceof LndError || err instanceof LndUnreachableError) {
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

    /** One pass over every deposit still moving (the `deposit-advance` job runs it). */
    tick,
  }
}

export type DepositService = ReturnType<typeof createDepositService>

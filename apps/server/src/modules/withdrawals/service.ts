/**
 * Withdrawals: the outgoing twin of the payment flow. A quote reads the destination, screens it,
 * checks the payout limits and prices it; a confirmation prices it again (a fee risen above the
 * quote asks for a new confirmation), checks the balance, passes the consent policy (the
 * password and second factor or the session's step-up, limits, screening, audit), then writes the
 * row with its idempotency key already claimed (one withdrawal in flight per business wallet) and
 * asks the wallet to pay. A refusal writes nothing. A lost answer leaves the row `unknown` for
 * the follow-up job, never failed and never sent again.
 */
import {
  isErrorCode,
  maxLightningSendSat,
  WITHDRAWALS_PAGE_SIZE,
  type BitcoinNetwork,
  type WithdrawConfirmInput,
  type WithdrawQuoteInput,
  ZWithdrawQuoteInput,
  type StepUpProof,
} from '@app/domain'
import { DomainError } from '../../lib/errors'
import { followChanges, type PgEventBus } from '../../lib/pg-events'
import type { Wallet } from '../../wallets/wallet'
import type { WalletProvider } from '../../wallets/wallet-provider'
import type { AuditEvent } from '../audit'
import type { ConsentService } from '../consent'
import { failureCode } from './failure'
import { quotedFeeOf, quoteOf, targetFields, walletError, type Actor } from './plan'
import { createPlanner } from './planner'
import { WITHDRAWAL_EVENTS_CHANNEL, type WithdrawalRepo, type WithdrawalRow } from './repo'
import { createResolver } from './resolver'
import { createSender } from './sender'
import { listEventId, withdrawalView, type WithdrawalView } from './view'

export type { PriorityOption, WithdrawQuote } from './plan'

export interface WithdrawalDeps {
  repo: WithdrawalRepo
  wallets: WalletProvider
  consent: ConsentService
  bus: PgEventBus
  network: BitcoinNetwork
  /** how long the wallet may look for a Lightning route; default 60 s */
  lightningTimeoutSec?: number
  log?: (msg: string, err?: unknown) => void
}

const LIST_LIMIT = WITHDRAWALS_PAGE_SIZE

export function createWithdrawalService(deps: WithdrawalDeps) {
  const { repo, wallets, consent, network } = deps

  /**
   * Records how a sent withdrawal stands. A failure keeps a code of the error catalogue, which
   * its merchant sees in their language; what the wallet or exchange said is logged.
   */
  async function finish(id: string, f: Parameters<WithdrawalRepo['finish']>[1]) {
    const raw = f.failureReason
    if (raw && !isErrorCode(raw)) deps.log?.(`withdrawal ${id} (${f.status}): ${raw}`)
    const failureReason = raw === undefined ? undefined : failureCode(f.status, raw)
    return repo.finish(id, { ...f, failureReason })
  }

  async function walletOf(businessId: string): Promise<Wallet> {
    const wallet = await wallets.forBusiness(businessId).catch(walletError)
    if (!wallet) throw new DomainError('NO_WALLET', 'This business has no wallet connected')
    return wallet
  }

  const { registered, plan, checkFunds } = createPlanner({ repo, network })
  const send = createSender({
    finish,
    timeoutSec: deps.lightningTimeoutSec ?? 60,
    log: deps.log,
  })
  const resolve = createResolver({ repo, wallets, finish })

  /** Balances and what the wallet can send to: the web offers only that. */
  async function balances(wallet: Wallet, signal?: AbortSignal) {
    const b = await wallet.sendableBalance(signal).catch(walletError)
    const exchange = wallet.registeredWithdrawals
    const exchangeLightning = exchange
      ? (await exchange.lightningInvoiceKey(signal).catch(walletError)) !== null
      : false
    return {
      lightningSat: b.lightningSat,
      onchainSat: b.onchainSat,
      reserveSat: b.reserveSat,
      maxLightningSat: maxLightningSendSat(b.lightningSat),
      /** typed invoices (and, without registered destinations, Lightning addresses and LNURL) */
      canLightning: wallet.lightningSender !== undefined || exchangeLightning,
      /** any Bitcoin address */
      canOnchain: wallet.onchainSender !== undefined,
      /**
       * whether money goes out only to the destinations registered on the exchange (and typed
       * invoices where `canLightning`): an exchange account
       */
      registeredOnly: exchange !== undefined,
      /** an exchange account's registered destinations */
      destinations: exchange ? await registered(exchange, signal) : [],
    }
  }

  const inProgress = () =>
    new DomainError('WITHDRAW_IN_PROGRESS', 'Another withdrawal is being sent')

  /**
   * Sends once per idempotency key, after the consent policy: the user's proof (or the session's
   * step-up), or a refund's staff member whom the refunds module checked.
   */
  async function sendConsented(
    actor: Actor,
    input: Pick<WithdrawConfirmInput, 'quote' | 'idempotencyKey' | 'quotedFeeSat'>,
    proof: StepUpProof,
    signal?: AbortSignal,
  ): Promise<WithdrawalView> {
    const earlier = await repo.byKey(actor.businessId, input.idempotencyKey)
    if (earlier) return withdrawalView(earlier)
    const wallet = await walletOf(actor.businessId)
    // a node that is not ready refuses before anything is written
    await wallet.sendableBalance(signal).catch(walletError)
    const p = await plan(actor, wallet, input.quote, signal)
    const feeSat = quotedFeeOf(p)
    if (feeSat !== null && input.quotedFeeSat !== undefined && feeSat > input.quotedFeeSat) {
      throw new DomainError('WITHDRAW_FEE_ROSE', 'The fee rose since the quote', {
        feeSat,
        quotedFeeSat: input.quotedFeeSat,
      })
    }
    if (await repo.inFlight(actor.businessId)) throw inProgress()
    const destination = ZWithdrawQuoteInput.parse(input.quote).destination.slice(0, 2_000)
    await consent.authorize(
      {
        action: actor.userId === null ? 'refund' : 'withdrawal',
        actor,
        proof,
        destination,
        screen: p.screenTargets,
        amountSat: p.amountSat,
      },
      signal,
    )
    // refusals for the moment (not enough funds, another one in flight) write nothing
    await checkFunds(wallet, p, signal)
    const by = actor.audit
    const audit = by
      ? (row: WithdrawalRow): AuditEvent => ({
          businessId: row.businessId,
          by,
          action: 'payout.requested',
          subject: { kind: 'withdrawal', id: row.id },
          details: {
            amountSat: Number(row.amountSat),
            rail: row.rail,
            destinationType: row.destinationType,
            destination: row.destination.slice(0, 200),
            refund: actor.userId === null,
          },
        })
      : undefined
    const written = await repo.insertClaimed(
      {
        businessId: actor.businessId,
        userId: actor.userId,
        walletKind: wallet.kind,
        rail: p.rail,
        destinationType: p.destinationType,
        destination,
        ...targetFields(p),
        amountSat: p.amountSat,
        idempotencyKey: input.idempotencyKey,
      },
      audit,
    )
    if (written.outcome === 'existing') return withdrawalView(written.row)
    if (written.outcome === 'busy') throw inProgress()
    if (written.outcome === 'invoice-taken') {
      throw new DomainError('WITHDRAW_INVOICE_ALREADY_PAID', 'This invoice was paid already')
    }
    const row = written.row
    try {
      await send(wallet, row, p)
    } catch (err) {
      deps.log?.(`withdrawal ${row.id} send`, err)
      await finish(row.id, { status: 'unknown', failureReason: 'no answer from the wallet' })
    }
    const now = await repo.get(actor.businessId, row.id)
    if (!now) throw new DomainError('NOT_FOUND')
    return withdrawalView(now)
  }

  return {
    /** Balances and what the business's wallet can send to. */
    async balances(businessId: string, signal?: AbortSignal) {
      const wallet = await walletOf(businessId)
      return balances(wallet, signal)
    },

    /** What sending would cost, with the destination screened (refusals thrown). */
    async quote(actor: Actor, input: WithdrawQuoteInput, signal?: AbortSignal) {
      const wallet = await walletOf(actor.businessId)
      await wallet.sendableBalance(signal).catch(walletError)
      const p = await plan(actor, wallet, input, signal)
      // a refund is checked as the staff member makes it: a refusal is that act refused
      const refusalOf =
        actor.userId === null
          ? { action: 'refund' as const, destination: input.destination.slice(0, 2_000) }
          : undefined
      await consent.precheck(
        { actor, screen: p.screenTargets, amountSat: p.amountSat, refusalOf },
        signal,
      )
      await checkFunds(wallet, p, signal)
      return quoteOf(p)
    },

    /**
     * Sends after the password (and second factor) given with it or the session's step-up: once
     * per idempotency key, whatever the number of clicks, retries or reloads.
     */
    confirm(
      actor: Actor & { userId: string },
      input: WithdrawConfirmInput,
      signal?: AbortSignal,
    ): Promise<WithdrawalView> {
      const proof = { password: input.password, code: input.code, passkey: input.passkey }
      return sendConsented(actor, input, proof, signal)
    },

    /**
     * Sends a refund a staff member made (the refunds module checked their permission): once per
     * idempotency key, through the same policy (limits, screening, audit).
     */
    send(
      actor: Actor & { userId: null },
      input: Pick<WithdrawConfirmInput, 'quote' | 'idempotencyKey'>,
      signal?: AbortSignal,
    ): Promise<WithdrawalView> {
      return sendConsented(actor, input, {}, signal)
    },

    async list(businessId: string): Promise<WithdrawalView[]> {
      return (await repo.list(businessId, LIST_LIMIT)).map(withdrawalView)
    },

    /**
     * One page of the list: the latest `LIST_LIMIT`, or those before the withdrawal `cursor`;
     * `nextCursor` is null on the last page.
     */
    async page(
      businessId: string,
      cursor: string | null,
    ): Promise<{ items: WithdrawalView[]; nextCursor: string | null }> {
      const rows = await repo.list(businessId, LIST_LIMIT + 1, cursor ?? undefined)
      const items = rows.slice(0, LIST_LIMIT).map(withdrawalView)
      return {
        items,
        nextCursor: rows.length > LIST_LIMIT ? (items.at(-1)?.id ?? null) : null,
      }
    },

    /** The list now and after every change of one of the business's withdrawals. */
    follow(businessId: string, signal: AbortSignal | undefined, lastEventId?: string | null) {
      return followChanges(deps.bus, {
        channel: WITHDRAWAL_EVENTS_CHANNEL,
        concerns: (payload) =>
          typeof payload === 'object' &&
          payload !== null &&
          (payload as { businessId?: unknown }).businessId === businessId,
        read: async () => {
          const rows = (await repo.list(businessId, LIST_LIMIT)).map(withdrawalView)
          return { id: listEventId(rows), value: rows }
        },
        signal,
        lastEventId,
      })
    },

    /** Follows up one row left sending (a crash) or unknown: asks the wallet where it stands. */
    resolve,
  }
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>

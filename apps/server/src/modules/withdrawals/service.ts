/**
 * Withdrawals: the outgoing twin of the payment flow. A quote reads the destination, screens it
 * and prices it; a confirmation (password, and the second factor when on) writes the row with its
 * idempotency key, claims it (one withdrawal in flight per business wallet), checks the balance,
 * screens again and asks the wallet to pay. A lost answer leaves the row `unknown` for the
 * follow-up job, never failed and never sent again.
 */
import {
  isErrorCode,
  maxLightningSendSat,
  WITHDRAWALS_PAGE_SIZE,
  type BitcoinNetwork,
  type WithdrawConfirmInput,
  type WithdrawQuoteInput,
  ZWithdrawQuoteInput,
} from '@app/domain'
import { DomainError } from '../../lib/errors'
import { followChanges, type PgEventBus } from '../../lib/pg-events'
import { canSend, withdrawsToRegistered, type SendingWallet } from '../../wallets/wallet'
import type { WalletProvider } from '../payments'
import type { ScreeningService } from '../screening'
import { failureCode } from './failure'
import { quoteOf, targetFields, walletError, type Actor, type Plan } from './plan'
import { createPlanner } from './planner'
import { WITHDRAWAL_EVENTS_CHANNEL, type WithdrawalRepo } from './repo'
import { createResolver } from './resolver'
import { createSender } from './sender'
import { listEventId, withdrawalView, type WithdrawalView } from './view'

export type { PriorityOption, WithdrawQuote } from './plan'

export interface WithdrawalDeps {
  repo: WithdrawalRepo
  wallets: WalletProvider
  screening: ScreeningService
  auth: {
    confirmWithPassword(input: {
      userId: string
      password: string
      code?: string
      ip?: string
    }): Promise<void>
  }
  bus: PgEventBus
  network: BitcoinNetwork
  /** how long the wallet may look for a Lightning route; default 60 s */
  lightningTimeoutSec?: number
  log?: (msg: string, err?: unknown) => void
}

const LIST_LIMIT = WITHDRAWALS_PAGE_SIZE

export function createWithdrawalService(deps: WithdrawalDeps) {
  const { repo, wallets, screening, network } = deps

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

  async function walletOf(businessId: string): Promise<SendingWallet> {
    const wallet = await wallets.forBusiness(businessId).catch(walletError)
    if (!wallet) throw new DomainError('NO_WALLET', 'This business has no wallet connected')
    if (!canSend(wallet)) {
      throw new DomainError('WITHDRAW_METHOD_UNSUPPORTED', 'This wallet cannot send money out')
    }
    return wallet
  }

  const { registered, plan, checkFunds } = createPlanner({ repo, network })
  const send = createSender({
    finish,
    timeoutSec: deps.lightningTimeoutSec ?? 60,
    log: deps.log,
  })
  const resolve = createResolver({ repo, wallets, finish })

  async function balances(wallet: SendingWallet, signal?: AbortSignal) {
    const b = await wallet.sendableBalance(signal).catch(walletError)
    const exchangeLightning = withdrawsToRegistered(wallet)
      ? (await wallet.lightningInvoiceKey(signal).catch(walletError)) !== null
      : false
    return {
      walletKind: wallet.kind,
      lightningSat: b.lightningSat,
      onchainSat: b.onchainSat,
      reserveSat: b.reserveSat,
      maxLightningSat: maxLightningSendSat(b.lightningSat),
      canLightning: wallet.kind !== 'exchange' || exchangeLightning,
      canOnchain: wallet.kind === 'lnd',
      /** an exchange account's registered destinations: the only ones it can send to */
      destinations: withdrawsToRegistered(wallet) ? await registered(wallet, signal) : [],
    }
  }

  async function screenAll(p: Plan, actor: Actor, stage: 'quote' | 'send', signal?: AbortSignal) {
    for (const target of p.screenTargets) {
      await screening.screen(target, { ...actor, stage }, signal)
    }
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
      await screenAll(p, actor, 'quote', signal)
      await checkFunds(wallet, p, signal)
      return quoteOf(p)
    },

    /**
     * Sends after the password (and second factor): once per idempotency key, whatever the
     * number of clicks, retries or reloads.
     */
    async confirm(
      actor: Actor & { userId: string },
      input: WithdrawConfirmInput & { ip?: string },
      signal?: AbortSignal,
    ): Promise<WithdrawalView> {
      await deps.auth.confirmWithPassword({
        userId: actor.userId,
        password: input.password,
        code: input.code,
        ip: input.ip,
      })
      return this.send(actor, input, signal)
    },

    /**
     * Sends a withdrawal its caller has authorised (`confirm` after the password; a refund after
     * the staff member's permission): once per idempotency key.
     */
    async send(
      actor: Actor,
      input: Pick<WithdrawConfirmInput, 'quote' | 'idempotencyKey'>,
      signal?: AbortSignal,
    ): Promise<WithdrawalView> {
      const earlier = await repo.byKey(actor.businessId, input.idempotencyKey)
      if (earlier) return withdrawalView(earlier)
      const wallet = await walletOf(actor.businessId)
      // a node that is not ready refuses before anything is written
      await wallet.sendableBalance(signal).catch(walletError)
      const p = await plan(actor, wallet, input.quote, signal)
      if (await repo.inFlight(actor.businessId)) {
        throw new DomainError('WITHDRAW_IN_PROGRESS', 'Another withdrawal is being sent')
      }
      // screened again just before sending
      await screenAll(p, actor, 'send', signal)
      const { row, isNew } = await repo
        .insert({
          businessId: actor.businessId,
          userId: actor.userId,
          walletKind: wallet.kind,
          rail: p.rail,
          destinationType: p.destinationType,
          destination: ZWithdrawQuoteInput.parse(input.quote).destination.slice(0, 2_000),
          ...targetFields(p),
          amountSat: p.amountSat,
          idempotencyKey: input.idempotencyKey,
        })
        .catch((err: unknown) => {
          if (err instanceof Error && /withdrawals_invoice_once/.test(err.message)) {
            throw new DomainError('WITHDRAW_INVOICE_ALREADY_PAID', 'This invoice was paid already')
          }
          throw err
        })
      if (!isNew) return withdrawalView(row)
      if (!(await repo.claim(actor.businessId, row.id))) {
        await finish(row.id, { status: 'failed', failureReason: 'WITHDRAW_IN_PROGRESS' })
        throw new DomainError('WITHDRAW_IN_PROGRESS', 'Another withdrawal is being sent')
      }
      // the balance check and the send, with no other withdrawal of this wallet in flight
      try {
        await checkFunds(wallet, p, signal)
      } catch (err) {
        const code = err instanceof DomainError ? err.code : 'WALLET_UNAVAILABLE'
        await finish(row.id, { status: 'failed', failureReason: code })
        throw err
      }
      try {
        await send(wallet, row, p)
      } catch (err) {
        deps.log?.(`withdrawal ${row.id} send`, err)
        await finish(row.id, { status: 'unknown', failureReason: 'no answer from the wallet' })
      }
      const now = await repo.get(actor.businessId, row.id)
      if (!now) throw new DomainError('NOT_FOUND')
      return withdrawalView(now)
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

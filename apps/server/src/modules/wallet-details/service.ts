/**
 * What the settings pages show of the business's wallet: which kind it is (its own node, an NWC
 * wallet or an exchange account, so "Settings" leads to that kind's page), and for NWC and
 * exchange connections what they are, what they allow, whether they answer, and replacing them
 * (verified exactly as in onboarding before the old one is replaced). A replacement redirects
 * every later payment: it passes the consent policy first (the password and second factor or the
 * session's step-up; an NWC wallet's key and relays screened; audited).
 */
import type { StepUpProof } from '@app/domain'
import type { Db } from '../../db/database'
import { DomainError } from '../../lib/errors'
import type { ConnectionRepo } from '../../wallets/connection-repo'
import { KrakenApiError, type NonceSource } from '../../wallets/exchange/kraken-client'
import {
  exchangeClientFor,
  probeNwc,
  type ExchangeCredentials,
  type NwcProbe,
} from '../../wallets/factory'
import { createNwcClient, withDeadline } from '../../wallets/nwc/nwc-client'
import type { NwcConnection } from '../../wallets/nwc/nwc-uri'
import type { RelayPolicy } from '../../wallets/nwc/relay-guard'
import type { SecurityNotices } from '../../mail/security-notices'
import { withAudit, type AuditBy } from '../audit'
import type { ConsentActor, ConsentService } from '../consent'
import type { NodeRepo } from '../node'
import { exchangeRefusal, maskApiKey, nwcWalletOf, verifyExchangeKey, verifyNwcUrl } from './verify'

export type WalletKindName = 'lightningNode' | 'nwc' | 'exchange'

const ANSWER_MS = 10_000

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [])
const text = (v: unknown) => (typeof v === 'string' ? v : '')

export function createWalletDetailsService(deps: {
  db: Db
  connections: Pick<ConnectionRepo, 'find' | 'publicInfo' | 'save'>
  nodes: Pick<NodeRepo, 'find'>
  consent: ConsentService
  exchangeBaseUrl: string
  nonces?: NonceSource
  probeNwc?: NwcProbe
  /** which NWC relays may be reached */
  relayPolicy: RelayPolicy
  /** drops the business's cached wallet once its connection is replaced */
  onReplaced?: (businessId: string) => void
  /** mails `wallet-replaced` to the business's owners in the replacement's transaction */
  notices?: SecurityNotices
  /** how long a wallet may take to answer the settings page */
  answerMs?: number
}) {
  const probe = deps.probeNwc ?? probeNwc
  const answerMs = deps.answerMs ?? ANSWER_MS

  async function stored<T>(businessId: string, kind: 'nwc' | 'exchange') {
    const found = await deps.connections.find<T>(businessId)
    if (found?.kind !== kind) throw new DomainError('NOT_FOUND', `This business has no ${kind}`)
    return found
  }

  /** Balance and budget as the NWC wallet reports them; null values when it did not answer. */
  async function nwcLive(connection: NwcConnection, methods: string[]) {
    const client = createNwcClient(connection, deps.relayPolicy)
    try {
      const { balance } = await withDeadline(client.getBalance(), answerMs, 'The wallet')
      const budget = methods.includes('get_budget')
        ? await withDeadline(client.getBudget(), answerMs, 'The wallet')
        : {}
      return {
        isAnswering: true,
        balanceSat: Math.floor(balance / 1000),
        budget:
          'total_budget' in budget
            ? {
                usedSat: Math.floor(budget.used_budget / 1000),
                totalSat: Math.floor(budget.total_budget / 1000),
                renewsAt: budget.renews_at ? new Date(budget.renews_at * 1000) : null,
              }
            : null,
      }
    } catch {
      return { isAnswering: false, balanceSat: null, budget: null }
    } finally {
      client.close()
    }
  }

  return {
    /** The kind of the business's wallet; null while it has none. */
    async kind(businessId: string): Promise<{ kind: WalletKindName | null }> {
      const found = await deps.connections.publicInfo(businessId)
      if (found?.kind === 'nwc' || found?.kind === 'exchange') return { kind: found.kind }
      return { kind: (await deps.nodes.find(businessId)) ? 'lightningNode' : null }
    },

    /** The NWC connection, and whether the wallet answers now (with its balance and budget). */
    async nwc(businessId: string) {
      const found = await stored<NwcConnection>(businessId, 'nwc')
      const info = found.publicInfo
      const methods = strings(info.methods)
      return {
        relayUrls: found.config.relayUrls,
        walletPubkey: found.config.walletPubkey,
        alias: text(info.alias),
        network: text(info.network),
        methods,
        notifications: strings(info.notifications),
        connectedAt: found.createdAt,
        live: await nwcLive(found.config, methods),
      }
    },

    /** get_info over the relay: NWC_UNREACHABLE when the wallet does not answer. */
    async testNwc(businessId: string) {
      const found = await stored<NwcConnection>(businessId, 'nwc')
      const started = Date.now()
      try {
        const info = await probe(found.config, deps.relayPolicy)
        return { alias: info.alias, methods: info.methods, latencyMs: Date.now() - started }
      } catch {
        throw new DomainError('NWC_UNREACHABLE', 'The wallet could not be reached')
      }
    },

    /**
     * A new connection URL, consented to and verified as in onboarding; the old one stays if
     * either fails.
     */
    async replaceNwc(actor: ConsentActor, input: { url: string } & StepUpProof, by: AuditBy) {
      const { businessId } = actor
      await stored<NwcConnection>(businessId, 'nwc')
      const wallet = nwcWalletOf(input.url)
      await deps.consent.authorize({
        action: 'wallet_replace',
        actor,
        proof: input,
        destination: `nwc:${wallet.walletPubkey}`,
        screen: [wallet.walletPubkey, ...wallet.relayUrls.map((r) => new URL(r).host)],
        amountSat: null,
      })
      const { connection, publicInfo } = await verifyNwcUrl(input.url, deps.relayPolicy, probe)
      await withAudit(
        deps.db,
        async (trx) => {
          await deps.connections.save(trx, businessId, 'nwc', connection, publicInfo)
          await deps.notices?.toOwners(trx, businessId, 'wallet-replaced', {
            from: by.origin.ip,
          })
        },
        () => ({
          businessId,
          by,
          action: 'wallet.replaced',
          subject: { kind: 'wallet', id: null, name: 'nwc' },
          details: { kind: 'nwc', walletPubkey: connection.walletPubkey },
        }),
      )
      deps.onReplaced?.(businessId)
      return { walletPubkey: connection.walletPubkey }
    },

    /**
     * The exchange account: the key masked, what it may do (each checked with a signed call),
     * its balances and the withdrawal destinations registered on the exchange.
     */
    async exchange(businessId: string, signal?: AbortSignal) {
      const found = await stored<ExchangeCredentials>(businessId, 'exchange')
      const client = exchangeClientFor(found.config, deps.nonces)
      const allowed = async <T>(call: () => Promise<T>): Promise<T | null> => {
        try {
          return await call()
        } catch (err) {
          if (err instanceof KrakenApiError && err.isAuthError) return null
          return exchangeRefusal(err)
        }
      }
      const balances = await allowed(() => client.balance(signal))
      const depositMethods = await allowed(() =>
        client.privateCall<{ method: string }[]>('DepositMethods', { asset: 'XBT' }, signal),
      )
      const destinations = await allowed(() =>
        client.privateCall<{ address: string; method: string; key: string; verified: boolean }[]>(
          'WithdrawAddresses',
          { asset: 'XBT' },
          signal,
        ),
      )
      return {
        apiKeyMasked: maskApiKey(found.config.apiKey),
        connectedAt: found.createdAt,
        permissions: {
          queryFunds: balances !== null,
          deposit: depositMethods !== null,
          withdraw: destinations !== null,
        },
        balances: Object.entries(balances ?? {}).map(([asset, amount]) => ({ asset, amount })),
        depositMethods: (depositMethods ?? []).map((m) => m.method),
        withdrawalDestinations: (destinations ?? []).map((d) => ({
          name: d.key,
          method: d.method,
          address: d.address,
          isVerified: d.verified,
        })),
      }
    },

    /**
     * New keys, consented to and verified as in onboarding with signed calls; the old ones stay
     * if either fails. An exchange account has no address of its own to screen: its registered
     * destinations are screened when money is sent to them.
     */
    async replaceExchangeKeys(
      actor: ConsentActor,
      input: { apiKey: string; secretKey: string } & StepUpProof,
      by: AuditBy,
      signal?: AbortSignal,
    ) {
      const { businessId } = actor
      await stored<ExchangeCredentials>(businessId, 'exchange')
      await deps.consent.authorize(
        {
          action: 'wallet_replace',
          actor,
          proof: input,
          destination: `exchange:${maskApiKey(input.apiKey.trim())}`,
          screen: [],
          amountSat: null,
        },
        signal,
      )
      const config: ExchangeCredentials = {
        baseUrl: deps.exchangeBaseUrl,
        apiKey: input.apiKey.trim(),
        secret: input.secretKey.trim(),
      }
      const publicInfo = await verifyExchangeKey(config, deps.nonces, signal)
      await withAudit(
        deps.db,
        async (trx) => {
          await deps.connections.save(trx, businessId, 'exchange', config, publicInfo)
          await deps.notices?.toOwners(trx, businessId, 'wallet-replaced', {
            from: by.origin.ip,
          })
        },
        () => ({
          businessId,
          by,
          action: 'wallet.replaced',
          subject: { kind: 'wallet', id: null, name: 'exchange' },
          details: { kind: 'exchange', apiKey: maskApiKey(config.apiKey) },
        }),
      )
      deps.onReplaced?.(businessId)
      return { apiKeyMasked: maskApiKey(config.apiKey) }
    },
  }
}

export type WalletDetailsService = ReturnType<typeof createWalletDetailsService>

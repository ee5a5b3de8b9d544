/**
 * Connecting the way money is held: an exchange account (verified by a signed call before
 * anything is saved) or a Nostr Wallet Connect node (verified over its relay). Secrets are
 * stored sealed; the business moves to `completed`.
 */
import type { OnboardingStep } from '@app/domain'
import { DomainError } from '../../lib/errors'
import { UpstreamError } from '../../lib/http'
import type { ConnectionRepo } from '../../wallets/connection-repo'
import { KrakenApiError, type NonceSource } from '../../wallets/exchange/kraken-client'
import { exchangeClientFor, probeNwc, type ExchangeCredentials } from '../../wallets/factory'
import { NWC_REQUIRED_METHODS, type NwcWalletInfo } from '../../wallets/nwc/nwc-client'
import { NwcUriError, parseNwcUri, type NwcConnection } from '../../wallets/nwc/nwc-uri'
import { assertRelayAllowed, RelayNotAllowedError } from '../../wallets/nwc/relay-guard'
import type { OnboardingRepo } from './repo'
import { advance, stepNotAllowed } from './step-machine'

export interface ProviderSetupDeps {
  onboardingRepo: OnboardingRepo
  connections: ConnectionRepo
  exchangeBaseUrl: string
  /** nonces of exchange API keys, shared by every server instance */
  nonces?: NonceSource
  probeNwc?: (c: NwcConnection) => Promise<NwcWalletInfo>
}

export function createProviderSetupService(deps: ProviderSetupDeps) {
  const probeWallet = deps.probeNwc ?? probeNwc

  /**
   * Saves the connection and completes onboarding, if the step still allows it. The exchange
   * page also opens straight from the choice step (a bookmarked link, the back button): there,
   * connecting is choosing the exchange too, in the same transaction.
   */
  async function complete(
    businessId: string,
    kind: 'exchange' | 'nwc',
    config: unknown,
    publicInfo: Record<string, unknown>,
  ) {
    return deps.onboardingRepo.withLockedBusiness(businessId, async (trx, step) => {
      if (kind === 'exchange' && step === 'paymentProvider') {
        await advance(trx, businessId, { type: 'providerChosen', kind: 'exchange' })
      }
      const event = kind === 'exchange' ? 'exchangeConnected' : 'nwcConnected'
      const next = await advance(trx, businessId, { type: event })
      await deps.connections.save(trx, businessId, kind, config, publicInfo)
      return { step: next }
    })
  }

  return {
    async connectExchange(
      business: { id: string; onboardingStep: OnboardingStep },
      input: { apiKey: string; secretKey: string },
      signal?: AbortSignal,
    ) {
      if (business.onboardingStep !== 'exchange' && business.onboardingStep !== 'paymentProvider') {
        throw stepNotAllowed()
      }
      const config: ExchangeCredentials = {
        baseUrl: deps.exchangeBaseUrl,
        apiKey: input.apiKey.trim(),
        secret: input.secretKey.trim(),
      }
      const client = exchangeClientFor(config, deps.nonces)
      let methods: string[]
      try {
        await client.balance(signal)
        const deposit = await client.privateCall<{ method: string }[]>(
          'DepositMethods',
          { asset: 'XBT' },
          signal,
        )
        methods = deposit.map((m) => m.method)
      } catch (err) {
        if (err instanceof KrakenApiError && err.isAuthError) {
          throw new DomainError(
            'EXCHANGE_KEY_REJECTED',
            'The exchange rejected this API key or secret',
          )
        }
        if (err instanceof KrakenApiError) {
          throw new DomainError('EXCHANGE_KEY_REJECTED', `The exchange refused: ${err.message}`)
        }
        if (err instanceof UpstreamError) {
          throw new DomainError('EXCHANGE_UNAVAILABLE', 'The exchange could not be reached')
        }
        throw err
      }
      return complete(business.id, 'exchange', config, {
        apiKeyHint: `${config.apiKey.slice(0, 4)}…${config.apiKey.slice(-4)}`,
        depositMethods: methods,
      })
    },

    async connectNwc(
      business: { id: string; onboardingStep: OnboardingStep },
      input: { url: string },
    ) {
      if (business.onboardingStep !== 'paymentProvider') throw stepNotAllowed()
      let connection: NwcConnection
      try {
        connection = parseNwcUri(input.url)
      } catch (err) {
        throw new DomainError(
          'NWC_URL_INVALID',
          err instanceof NwcUriError ? err.message : 'Invalid URL',
        )
      }
      try {
        for (const relay of connection.relayUrls) await assertRelayAllowed(relay)
      } catch (err) {
        if (!(err instanceof RelayNotAllowedError)) throw err
        throw new DomainError('NWC_RELAY_NOT_ALLOWED', 'This relay address cannot be used')
      }
      let info: NwcWalletInfo
      try {
        info = await probeWallet(connection)
      } catch (err) {
        // The socket's or relay's own words may name internal addresses: never sent on.
        if (err instanceof RelayNotAllowedError) {
          throw new DomainError('NWC_RELAY_NOT_ALLOWED', 'This relay address cannot be used')
        }
        throw new DomainError('NWC_UNREACHABLE', 'The wallet could not be reached')
      }
      const missing = NWC_REQUIRED_METHODS.filter((m) => !info.methods.includes(m))
      if (missing.length > 0) {
        throw new DomainError(
          'NWC_MISSING_METHODS',
          `The wallet does not offer ${missing.join(', ')}`,
          {
            missing,
          },
        )
      }
      return complete(business.id, 'nwc', connection, {
        walletPubkey: connection.walletPubkey,
        relayUrls: connection.relayUrls,
        alias: info.alias,
        network: info.network,
        methods: info.methods,
        notifications: info.notifications,
      })
    },
  }
}

export type ProviderSetupService = ReturnType<typeof createProviderSetupService>

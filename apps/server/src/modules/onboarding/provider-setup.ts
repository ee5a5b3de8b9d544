/**
 * Connecting the way money is held: an exchange account (verified by a signed call before
 * anything is saved) or a Nostr Wallet Connect node (verified over its relay). Secrets are
 * stored sealed; the business moves to `completed`.
 */
import { DomainError } from '../../lib/errors'
import { UpstreamError } from '../../lib/http'
import type { ConnectionRepo } from '../../wallets/connection-repo'
import { KrakenApiError, KrakenClient } from '../../wallets/exchange/kraken-client'
import {
  NWC_REQUIRED_METHODS,
  probeNwcWallet,
  type NwcWalletInfo,
} from '../../wallets/nwc/nwc-client'
import { NwcUriError, parseNwcUri, type NwcConnection } from '../../wallets/nwc/nwc-uri'
import type { OnboardingRepo } from './repo'

export interface ExchangeConfig {
  baseUrl: string
  apiKey: string
  secret: string
}

export interface ProviderSetupDeps {
  onboardingRepo: OnboardingRepo
  connections: ConnectionRepo
  exchangeBaseUrl: string
  probeNwc?: (c: NwcConnection) => Promise<NwcWalletInfo>
}

function stepNotAllowed() {
  return new DomainError('STEP_NOT_ALLOWED', 'This step is not available now')
}

export function createProviderSetupService(deps: ProviderSetupDeps) {
  const probeNwc = deps.probeNwc ?? ((c: NwcConnection) => probeNwcWallet(c))

  /** Saves the connection and completes onboarding, if the step is still the expected one. */
  async function complete(
    businessId: string,
    expectedSteps: string[],
    kind: 'exchange' | 'nwc',
    config: unknown,
    publicInfo: Record<string, unknown>,
  ) {
    return deps.onboardingRepo.withLockedBusiness(businessId, async (trx, step) => {
      if (!expectedSteps.includes(step)) throw stepNotAllowed()
      await deps.connections.save(trx, businessId, kind, config, publicInfo)
      await deps.onboardingRepo.setStep(trx, businessId, 'completed')
      return { step: 'completed' as const }
    })
  }

  return {
    async connectExchange(
      business: { id: string; onboardingStep: string },
      input: { apiKey: string; secretKey: string },
      signal?: AbortSignal,
    ) {
      if (business.onboardingStep !== 'exchange') throw stepNotAllowed()
      const config: ExchangeConfig = {
        baseUrl: deps.exchangeBaseUrl,
        apiKey: input.apiKey.trim(),
        secret: input.secretKey.trim(),
      }
      const client = new KrakenClient(config.baseUrl, {
        apiKey: config.apiKey,
        secret: config.secret,
      })
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
      return complete(business.id, ['exchange'], 'exchange', config, {
        apiKeyHint: `${config.apiKey.slice(0, 4)}…${config.apiKey.slice(-4)}`,
        depositMethods: methods,
      })
    },

    async connectNwc(business: { id: string; onboardingStep: string }, input: { url: string }) {
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
      let info: NwcWalletInfo
      try {
        info = await probeNwc(connection)
      } catch (err) {
        throw new DomainError(
          'NWC_UNREACHABLE',
          err instanceof Error ? err.message : 'The wallet could not be reached',
        )
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
      return complete(business.id, ['paymentProvider'], 'nwc', connection, {
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

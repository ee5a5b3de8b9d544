/**
 * Connecting the way money is held: an exchange account (verified by a signed call before
 * anything is saved) or a Nostr Wallet Connect node (verified over its relay). Secrets are
 * stored sealed; the business moves to `completed`.
 */
import type { OnboardingStep } from '@app/domain'
import type { ConnectionRepo } from '../../wallets/connection-repo'
import type { NonceSource } from '../../wallets/exchange/kraken-client'
import { probeNwc, type ExchangeCredentials, type NwcProbe } from '../../wallets/factory'
import type { RelayPolicy } from '../../wallets/nwc/relay-guard'
import { verifyExchangeKey, verifyNwcUrl } from '../wallet-details'
import type { OnboardingRepo } from './repo'
import { advance, stepNotAllowed } from './step-machine'

export interface ProviderSetupDeps {
  onboardingRepo: OnboardingRepo
  connections: ConnectionRepo
  exchangeBaseUrl: string
  /** nonces of exchange API keys, shared by every server instance */
  nonces?: NonceSource
  probeNwc?: NwcProbe
  /** which NWC relays may be reached */
  relayPolicy: RelayPolicy
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
      const publicInfo = await verifyExchangeKey(config, deps.nonces, signal)
      return complete(business.id, 'exchange', config, publicInfo)
    },

    async connectNwc(
      business: { id: string; onboardingStep: OnboardingStep },
      input: { url: string },
    ) {
      if (business.onboardingStep !== 'paymentProvider') throw stepNotAllowed()
      const { connection, publicInfo } = await verifyNwcUrl(
        input.url,
        deps.relayPolicy,
        probeWallet,
      )
      return complete(business.id, 'nwc', connection, publicInfo)
    },
  }
}

export type ProviderSetupService = ReturnType<typeof createProviderSetupService>

/**
 * The merchant's own Lightning node: requested from the node host, initialised with a password
 * the platform never stores, seed words shown once and kept sealed under that password.
 */
import { DomainError } from '../../lib/errors'
import { openWithPassword, sealWithPassword, type SecretBox } from '../../lib/secrets'
import {
  b64,
  LndClient,
  LndError,
  LndUnreachableError,
  type WalletState,
} from '../../wallets/lnd/lnd-client'
import {
  NodeHostError,
  type HostState,
  type HostedNodeView,
  type NodeHost,
} from '../../wallets/nodehost/node-host'
import type { OnboardingRepo } from '../onboarding/repo'
import type { NodeRepo, NodeRow } from './repo'

export const NODE_PASSWORD_MIN_LENGTH = 8

export interface NodeStatus {
  exists: boolean
  hostState: HostState | null
  walletState: WalletState | null
  isInitialised: boolean
  isSeedConfirmed: boolean
  syncedToChain: boolean
  isReady: boolean
  pubkey: string | null
}

const NO_NODE: NodeStatus = {
  exists: false,
  hostState: null,
  walletState: null,
  isInitialised: false,
  isSeedConfirmed: false,
  syncedToChain: false,
  isReady: false,
  pubkey: null,
}

export function validateNodePassword(password: string, confirm?: string): void {
  if (password.length === 0)
    throw new DomainError('NODE_PASSWORD_EMPTY', 'Node password cannot be empty')
  if (password.length < NODE_PASSWORD_MIN_LENGTH) {
    throw new DomainError('NODE_PASSWORD_TOO_SHORT', 'password must have at least 8 characters')
  }
  if (confirm !== undefined && confirm !== password) {
    throw new DomainError('PASSWORD_MISMATCH', 'The password and its confirmation differ')
  }
}

function hostUnavailable(err: unknown): never {
  if (err instanceof NodeHostError) {
    throw new DomainError('NODE_HOST_UNAVAILABLE', 'The node host could not be reached')
  }
  throw err
}

export function createNodeService(deps: {
  repo: NodeRepo
  host: NodeHost
  secrets: SecretBox
  onboardingRepo: OnboardingRepo
}) {
  const { repo, host, secrets } = deps

  /** Records where the node lives as soon as the host says. */
  async function refreshEndpoint(row: NodeRow, view: HostedNodeView): Promise<NodeRow> {
    if (!view.lnd) return row
    const patch = {
      hostNodeId: view.hostNodeId,
      restUrl: view.lnd.restUrl,
      tlsCertPem: view.lnd.tlsCertPem,
      loopRestUrl: view.loop?.restUrl ?? null,
      pubkey: view.pubkey ?? row.pubkey,
    }
    if (
      patch.restUrl !== row.restUrl ||
      patch.hostNodeId !== row.hostNodeId ||
      patch.tlsCertPem !== row.tlsCertPem ||
      patch.pubkey !== row.pubkey
    ) {
      await repo.update(row.businessId, patch)
      return { ...row, ...patch }
    }
    return row
  }

  function lndFor(row: NodeRow): LndClient {
    if (!row.restUrl) throw new DomainError('NODE_NOT_READY', 'Node is not ready')
    return new LndClient({
      restUrl: row.restUrl,
      tlsCertPem: row.tlsCertPem ?? undefined,
      macaroonHex: row.macaroonSealed ? secrets.decrypt(row.macaroonSealed) : undefined,
    })
  }

  async function status(businessId: string, signal?: AbortSignal): Promise<NodeStatus> {
    const found = await repo.find(businessId)
    if (!found) return NO_NODE
    let view: HostedNodeView
    try {
      view = await host.getNode(found.hostNodeId, signal)
    } catch (err) {
      return hostUnavailable(err)
    }
    const row = await refreshEndpoint(found, view)
    let walletState: WalletState | null = null
    let syncedToChain = false
    let pubkey = row.pubkey
    if (row.restUrl) {
      try {
        const lnd = lndFor(row)
        walletState = (await lnd.state(signal)).state
        if (walletState === 'SERVER_ACTIVE' && row.macaroonSealed) {
          const info = await lnd.getInfo(signal)
          syncedToChain = info.synced_to_chain
          pubkey = info.identity_pubkey
        }
      } catch (err) {
        if (!(err instanceof LndUnreachableError || err instanceof LndError)) throw err
      }
    }
    const isInitialised = row.initialisedAt !== null
    return {
      exists: true,
      hostState: view.state,
      walletState,
      isInitialised,
      isSeedConfirmed: row.seedConfirmedAt !== null,
      syncedToChain,
      isReady: isInitialised && walletState === 'SERVER_ACTIVE' && syncedToChain,
      pubkey,
    }
  }

  return {
    status,

    async request(business: { id: string }, signal?: AbortSignal): Promise<NodeStatus> {
      await deps.onboardingRepo.withLockedBusiness(business.id, async (_trx, step) => {
        if (step !== 'nodePassword') {
          throw new DomainError('STEP_NOT_ALLOWED', 'This step is not available now')
        }
        if (await repo.find(business.id)) {
          throw new DomainError('NODE_ALREADY_EXISTS', 'This business already has a node')
        }
        let view: HostedNodeView
        try {
          view = await host.requestNode(business.id, signal)
        } catch (err) {
          return hostUnavailable(err)
        }
        const inserted = await repo.insert({
          businessId: business.id,
          hostKind: host.kind,
          hostNodeId: view.hostNodeId,
        })
        if (!inserted)
          throw new DomainError('NODE_ALREADY_EXISTS', 'This business already has a node')
      })
      return status(business.id, signal)
    },

    /** Creates the wallet with the merchant's password; returns the seed words, once. */
    async initialise(
      business: { id: string; onboardingStep: string },
      input: { password: string; confirmPassword: string },
      signal?: AbortSignal,
    ): Promise<{ seedWords: string[] }> {
      validateNodePassword(input.password, input.confirmPassword)
      if (business.onboardingStep !== 'nodePassword') {
        throw new DomainError('STEP_NOT_ALLOWED', 'This step is not available now')
      }
      const found = await repo.find(business.id)
      if (!found) throw new DomainError('NODE_NOT_READY', 'Node is not ready')
      if (found.initialisedAt)
        throw new DomainError('NODE_ALREADY_EXISTS', 'The node is already set up')
      let view: HostedNodeView
      try {
        view = await host.getNode(found.hostNodeId, signal)
      } catch (err) {
        return hostUnavailable(err)
      }
      if (view.state !== 'waiting_for_initialisation') {
        throw new DomainError('NODE_NOT_READY', 'Node is not ready')
      }
      const row = await refreshEndpoint(found, view)
      const lnd = lndFor(row)
      const seed = await lnd.genSeed(signal)
      const init = await lnd.initWallet(input.password, seed.cipher_seed_mnemonic, signal)
      await repo.update(business.id, {
        macaroonSealed: secrets.encrypt(b64.toHex(init.admin_macaroon)),
        seedSealed: await sealWithPassword(seed.cipher_seed_mnemonic.join(' '), input.password),
        initialisedAt: new Date(),
      })
      return { seedWords: seed.cipher_seed_mnemonic }
    },

    /** The merchant wrote the words down: on to the channel deposit. */
    async confirmSeed(business: { id: string }) {
      const row = await repo.find(business.id)
      if (!row?.initialisedAt) throw new DomainError('NODE_NOT_READY', 'Node is not ready')
      return deps.onboardingRepo.withLockedBusiness(business.id, async (trx, step) => {
        if (step !== 'nodePassword') {
          throw new DomainError('STEP_NOT_ALLOWED', 'This step is not available now')
        }
        await repo.update(business.id, { seedConfirmedAt: new Date() })
        await deps.onboardingRepo.setStep(trx, business.id, 'deposit')
        return { step: 'deposit' as const }
      })
    },

    /** Backup: the seed words again, for whoever knows the node password. */
    async revealSeed(businessId: string, password: string): Promise<{ seedWords: string[] }> {
      validateNodePassword(password)
      const row = await repo.find(businessId)
      if (!row?.seedSealed) throw new DomainError('NOT_FOUND', 'This business has no node')
      const words = await openWithPassword(row.seedSealed, password)
      if (words === null) {
        throw new DomainError('INVALID_NODE_PASSWORD', 'Invalid node password. Please try again.')
      }
      return { seedWords: words.split(' ') }
    },

    async settings(businessId: string) {
      const row = await repo.find(businessId)
      if (!row) return { exists: false as const }
      return {
        exists: true as const,
        hostNodeId: row.hostNodeId,
        pubkey: row.pubkey,
        restUrl: row.restUrl,
        isInitialised: row.initialisedAt !== null,
        isSeedConfirmed: row.seedConfirmedAt !== null,
        createdAt: row.createdAt,
      }
    },

    /** An authenticated lnd client for the business's node (deposits, payments). */
    async lnd(businessId: string): Promise<{ lnd: LndClient; row: NodeRow }> {
      const row = await repo.find(businessId)
      if (!row?.macaroonSealed) throw new DomainError('NODE_NOT_READY', 'Node is not ready')
      return { lnd: lndFor(row), row }
    },

    hostView(row: NodeRow, signal?: AbortSignal) {
      return host.getNode(row.hostNodeId, signal).catch(hostUnavailable)
    },
  }
}

export type NodeService = ReturnType<typeof createNodeService>

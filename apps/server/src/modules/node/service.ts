/**
 * The merchant's own Lightning node: requested from the node host, initialised with a password
 * the platform never stores, seed words shown once and kept sealed under that password.
 */
import { DomainError } from '../../lib/errors'
import { openWithPassword, sealWithPassword, type SecretBox } from '../../lib/secrets'
import { nodeAdminFor, type NodeEndpoint } from '../../wallets/factory'
import {
  NodeRefusedError,
  NodeUnreachableError,
  type NodeAdmin,
  type NodeWalletState,
} from '../../wallets/node-admin'
import {
  NodeHostError,
  type HostState,
  type HostedNodeView,
  type NodeHost,
} from '../../wallets/nodehost/node-host'
import type { OnboardingRepo } from '../onboarding/repo'
import { advance } from '../onboarding/step-machine'
import type { NodeRepo, NodeRow } from './repo'

export const NODE_PASSWORD_MIN_LENGTH = 8

/** The host id of a node row claimed while the host is being asked for the node. */
const REQUESTING = 'requesting'
/** A claim this old whose host id never came was cut off by a crash: the host is asked again. */
const CLAIM_LOST_MS = 60_000
const NO_VIEW: HostedNodeView = {
  hostNodeId: REQUESTING,
  state: 'searching',
  lnd: null,
  loop: null,
  pubkey: null,
  lspPubkey: null,
  channels: [],
}

export interface NodeStatus {
  exists: boolean
  hostState: HostState | null
  walletState: NodeWalletState | null
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

  /**
   * Asks the host for the business's node and records its id. Runs after the claim is committed,
   * and again from `status` should a crash have come between the two.
   */
  async function askHost(businessId: string, signal?: AbortSignal): Promise<HostedNodeView> {
    const view = await host.requestNode(businessId, signal)
    await repo.update(businessId, { hostNodeId: view.hostNodeId })
    return view
  }

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

  function endpointOf(row: NodeRow): NodeEndpoint {
    if (!row.restUrl) throw new DomainError('NODE_NOT_READY', 'Node is not ready')
    return {
      restUrl: row.restUrl,
      tlsCertPem: row.tlsCertPem,
      loopRestUrl: row.loopRestUrl,
      macaroonHex: row.macaroonSealed ? secrets.decrypt(row.macaroonSealed) : null,
    }
  }

  const adminFor = (row: NodeRow): NodeAdmin => nodeAdminFor(endpointOf(row))

  /** A node the merchant has initialised. */
  async function readyRow(businessId: string): Promise<NodeRow> {
    const row = await repo.find(businessId)
    if (!row?.macaroonSealed) throw new DomainError('NODE_NOT_READY', 'Node is not ready')
    return row
  }

  async function status(businessId: string, signal?: AbortSignal): Promise<NodeStatus> {
    const found = await repo.find(businessId)
    if (!found) return NO_NODE
    let view: HostedNodeView
    try {
      view =
        found.hostNodeId !== REQUESTING
          ? await host.getNode(found.hostNodeId, signal)
          : Date.now() - found.createdAt.getTime() > CLAIM_LOST_MS
            ? await askHost(found.businessId, signal)
            : { ...NO_VIEW, hostNodeId: REQUESTING }
    } catch (err) {
      return hostUnavailable(err)
    }
    const row = await refreshEndpoint(found, view)
    let walletState: NodeWalletState | null = null
    let syncedToChain = false
    let pubkey = row.pubkey
    if (row.restUrl) {
      try {
        const admin = adminFor(row)
        walletState = await admin.walletState(signal)
        if (walletState === 'SERVER_ACTIVE' && row.macaroonSealed) {
          const info = await admin.info(signal)
          syncedToChain = info.syncedToChain
          pubkey = info.pubkey
        }
      } catch (err) {
        if (!(err instanceof NodeUnreachableError || err instanceof NodeRefusedError)) throw err
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

    /**
     * The node row is claimed under the business's lock first (one request wins), then the host
     * is asked outside any lock; if the host cannot be reached the claim is given back.
     */
    async request(business: { id: string }, signal?: AbortSignal): Promise<NodeStatus> {
      await deps.onboardingRepo.withLockedBusiness(business.id, async (trx, step) => {
        // Opened straight from the choice step: asking for a node is choosing one.
        if (step === 'paymentProvider') {
          await advance(trx, business.id, { type: 'providerChosen', kind: 'lightningNode' })
        } else if (step !== 'nodePassword') {
          throw new DomainError('STEP_NOT_ALLOWED', 'This step is not available now')
        }
        const claimed = await repo.insert(trx, {
          businessId: business.id,
          hostKind: host.kind,
          hostNodeId: REQUESTING,
        })
        if (!claimed)
          throw new DomainError('NODE_ALREADY_EXISTS', 'This business already has a node')
      })
      try {
        await askHost(business.id, signal)
      } catch (err) {
        await repo.removeClaim(business.id, REQUESTING)
        return hostUnavailable(err)
      }
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
      const created = await adminFor(row).createWallet(input.password, signal)
      await repo.update(business.id, {
        macaroonSealed: secrets.encrypt(created.macaroonHex),
        seedSealed: await sealWithPassword(created.seedWords.join(' '), input.password),
        initialisedAt: new Date(),
      })
      return { seedWords: created.seedWords }
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
        return { step: await advance(trx, business.id, { type: 'nodeCreated' }) }
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

    /** Where the business's initialised node answers, with its key (the wallet factory's). */
    async endpoint(businessId: string): Promise<NodeEndpoint> {
      return endpointOf(await readyRow(businessId))
    },

    /** The administration port for the business's initialised node. */
    async admin(businessId: string): Promise<{ admin: NodeAdmin; row: NodeRow }> {
      const row = await readyRow(businessId)
      return { admin: adminFor(row), row }
    },

    hostView(row: NodeRow, signal?: AbortSignal) {
      return host.getNode(row.hostNodeId, signal).catch(hostUnavailable)
    },
  }
}

export type NodeService = ReturnType<typeof createNodeService>

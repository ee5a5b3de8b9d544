import type { World } from '../../world/api'
import { lndDaemons, type LndDaemons } from '../lnd/daemon'

/** What the host is doing with a node; once `active`, the node's lnd decides the status. */
export type Lifecycle =
  | 'searching'
  | 'waiting_for_approval'
  | 'provisioning'
  | 'active'
  | 'updating'
  | 'restarting'
  | 'stopping'
  | 'stopped'

export type NodeStatus =
  | Exclude<Lifecycle, 'active'>
  | 'waiting_for_initialisation'
  | 'locked'
  | 'starting'
  | 'syncing'
  | 'running'

export interface HostedNode {
  id: string
  businessId: string
  lifecycle: Lifecycle
  version: string
  /** the version an update under way installs */
  pendingVersion?: string
  createdAt: number
  updatedAt: number
}

interface HostSection {
  nextNumber: number
  nodes: Record<string, HostedNode>
}

export const LND_VERSIONS = { current: '0.18.5-beta', latest: '0.19.1-beta' }

/** The lnd version installed on a hosted node; undefined for nodes made outside the host. */
export function hostedVersion(world: World, nodeId: string): string | undefined {
  const section = world.persistence.section<HostSection>('nodehost', () => ({
    nextNumber: 1,
    nodes: {},
  }))
  return section.nodes[nodeId]?.version
}

/** Nominal durations of the host's work (real-world order of magnitude). */
export const HOST_MS = {
  searching: 20_000,
  provisioning: 90_000,
  updating: 180_000,
  restarting: 30_000,
  stopping: 10_000,
}

/** The timed steps of the host's work, which a tester can hold open (see `NodeHost.hold`). */
export const HOLDABLE_STEPS = [
  'searching',
  'provisioning',
  'updating',
  'restarting',
  'stopping',
] as const
export type HoldableStep = (typeof HOLDABLE_STEPS)[number]

export function isHoldableStep(step: string): step is HoldableStep {
  return (HOLDABLE_STEPS as readonly string[]).includes(step)
}

export class HostError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** The operator's node host: finds capacity, waits for approval, provisions and runs lnd nodes. */
export class NodeHost {
  private readonly section: HostSection
  private readonly daemons: LndDaemons
  private readonly timers = new Map<string, { cancel(): void }>()
  private readonly held = new Set<HoldableStep>()

  constructor(
    private readonly world: World,
    private readonly autoApprove: boolean,
  ) {
    this.section = world.persistence.section<HostSection>('nodehost', () => ({
      nextNumber: 1,
      nodes: {},
    }))
    this.daemons = lndDaemons(world)
    // Work in progress when simnet stopped carries on from the start of its step.
    for (const node of Object.values(this.section.nodes)) this.resume(node)
  }

  list(): HostedNode[] {
    return Object.values(this.section.nodes)
  }

  get(id: string): HostedNode {
    const node = this.section.nodes[id]
    if (!node) throw new HostError(404, 'not_found', `no node ${id}`)
    return node
  }

  create(businessId: string): HostedNode {
    const number = this.section.nextNumber++
    const id = `node-${Buffer.from(this.world.keys.bytes(`nodehost:node:${number}`, 5)).toString('hex')}`
    const now = this.world.clock.now()
    const node: HostedNode = {
      id,
      businessId,
      lifecycle: 'searching',
      version: LND_VERSIONS.current,
      createdAt: now,
      updatedAt: now,
    }
    this.section.nodes[id] = node
    this.world.persistence.save()
    this.resume(node)
    return node
  }

  status(node: HostedNode): NodeStatus {
    if (node.lifecycle !== 'active') return node.lifecycle
    const daemon = this.daemons.get(node.id)
    switch (daemon?.phase) {
      case 'NON_EXISTING':
        return 'waiting_for_initialisation'
      case 'LOCKED':
        return 'locked'
      case 'SERVER_ACTIVE':
        return daemon.isSynced ? 'running' : 'syncing'
      default:
        return 'starting'
    }
  }

  approve(id: string): HostedNode {
    const node = this.get(id)
    if (node.lifecycle !== 'waiting_for_approval') {
      throw new HostError(
        409,
        'invalid_state',
        `node ${id} is ${this.status(node)}, not waiting for approval`,
      )
    }
    this.move(node, 'provisioning')
    return node
  }

  /** Stops lnd, installs `version` (the latest when none is named), and starts it locked. */
  update(id: string, version: string = LND_VERSIONS.latest): HostedNode {
    if (!/^\d+\.\d+\.\d+(-[a-z0-9.]+)?$/.test(version)) {
      throw new HostError(400, 'bad_request', `not an lnd version: ${version}`)
    }
    const node = this.requireActive(id)
    this.daemons.stop(id)
    node.pendingVersion = version
    this.move(node, 'stopping')
    return node
  }

  restart(id: string): HostedNode {
    const node = this.requireActive(id)
    this.daemons.stop(id)
    this.move(node, 'restarting')
    return node
  }

  stop(id: string): HostedNode {
    const node = this.requireActive(id)
    this.daemons.stop(id)
    this.move(node, 'stopping')
    return node
  }

  start(id: string): HostedNode {
    const node = this.get(id)
    if (node.lifecycle !== 'stopped') {
      throw new HostError(409, 'invalid_state', `node ${id} is ${this.status(node)}, not stopped`)
    }
    this.move(node, 'restarting')
    return node
  }

  /** Every node in `step`, now or later, stays in it until the step is released. */
  hold(step: HoldableStep): void {
    this.held.add(step)
    for (const node of this.list()) if (node.lifecycle === step) this.resume(node)
  }

  /** Held nodes go on: each takes the step's whole duration from now. */
  release(step: HoldableStep): void {
    this.held.delete(step)
    for (const node of this.list()) if (node.lifecycle === step) this.resume(node)
  }

  heldSteps(): HoldableStep[] {
    return [...this.held]
  }

  private requireActive(id: string): HostedNode {
    const node = this.get(id)
    if (node.lifecycle !== 'active') {
      throw new HostError(
        409,
        'invalid_state',
        `node ${id} is ${this.status(node)}; wait until it is up`,
      )
    }
    return node
  }

  private move(node: HostedNode, lifecycle: Lifecycle): void {
    node.lifecycle = lifecycle
    node.updatedAt = this.world.clock.now()
    this.world.persistence.save()
    this.resume(node)
  }

  /** Schedules the end of the node's current step. */
  private resume(node: HostedNode): void {
    this.timers.get(node.id)?.cancel()
    this.timers.delete(node.id)
    if (isHoldableStep(node.lifecycle) && this.held.has(node.lifecycle)) return
    const after = (ms: number, fn: () => void) =>
      this.timers.set(node.id, this.world.clock.after(ms, fn))
    switch (node.lifecycle) {
      case 'searching':
        after(HOST_MS.searching, () =>
          this.move(node, this.autoApprove ? 'provisioning' : 'waiting_for_approval'),
        )
        break
      case 'waiting_for_approval':
        if (this.autoApprove) this.move(node, 'provisioning')
        break
      case 'provisioning':
        after(HOST_MS.provisioning, () => {
          this.world.lightning.createNode(node.id, `merchant-${node.businessId}`.slice(0, 32))
          this.daemons.manage(node.id)
          this.bootLnd(node)
        })
        break
      case 'updating':
        after(HOST_MS.updating, () => {
          node.version = node.pendingVersion ?? LND_VERSIONS.latest
          delete node.pendingVersion
          this.bootLnd(node)
        })
        break
      case 'restarting':
        after(HOST_MS.restarting, () => this.bootLnd(node))
        break
      case 'stopping':
        // Stopped for an update: the new version is installed next.
        after(HOST_MS.stopping, () => this.move(node, node.pendingVersion ? 'updating' : 'stopped'))
        break
      case 'active':
        if (this.daemons.get(node.id)?.phase === 'offline') this.daemons.start(node.id)
        break
      case 'stopped':
        break
    }
  }

  /** The lnd process starts: it waits for a new wallet, or locked for the existing one. */
  private bootLnd(node: HostedNode): void {
    this.daemons.start(node.id)
    this.move(node, 'active')
  }

  close(): void {
    for (const t of this.timers.values()) t.cancel()
    this.timers.clear()
  }
}

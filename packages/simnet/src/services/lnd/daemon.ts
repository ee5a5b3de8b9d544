import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'
import type { World } from '../../world/api'
import { Emitter } from '../../world/events'
import { bakeMacaroon } from './macaroon'

export type WalletState =
  'NON_EXISTING' | 'LOCKED' | 'UNLOCKED' | 'RPC_ACTIVE' | 'SERVER_ACTIVE' | 'WAITING_TO_START'

/** The lnd process of a node: not running at all, or running with its wallet in a state. */
export type DaemonPhase = 'offline' | WalletState

export interface DaemonRecord {
  nodeId: string
  /** created through the node host: starts without a wallet and must be initialised */
  isManaged: boolean
  hasWallet: boolean
  passwordSaltHex: string
  passwordHashHex: string
  macaroonGeneration: number
  phase: DaemonPhase
  isSynced: boolean
}

interface LndSection {
  daemons: Record<string, DaemonRecord>
}

/** Nominal durations of lnd's start: wallet unlocked to RPC up, to server up, to chain synced. */
const STARTUP_MS = { rpc: 5_000, server: 10_000, sync: 30_000 }

const registries = new WeakMap<World, LndDaemons>()

/** The lnd daemons of a world, shared by the LND REST service and the node host. */
export function lndDaemons(world: World): LndDaemons {
  let registry = registries.get(world)
  if (!registry) {
    registry = new LndDaemons(world)
    registries.set(world, registry)
  }
  return registry
}

export class LndDaemons {
  private readonly section: LndSection
  private readonly events = new Emitter<{ state: [DaemonRecord] }>()
  private readonly timers = new Map<string, { cancel(): void }>()
  private readonly macaroons = new Map<string, string>()

  constructor(private readonly world: World) {
    this.section = world.persistence.section<LndSection>('lnd', () => ({ daemons: {} }))
    // A restarted simnet is a restarted lnd: wallets come back locked, none half-started.
    for (const d of Object.values(this.section.daemons)) {
      if (d.isManaged && d.phase !== 'offline') d.phase = d.hasWallet ? 'LOCKED' : 'NON_EXISTING'
      if (d.isManaged) d.isSynced = false
    }
    world.persistence.save()
  }

  on(fn: (record: DaemonRecord) => void): () => void {
    return this.events.on('state', fn)
  }

  /** The daemon of a node; nodes made outside the node host run with an unlocked wallet. */
  get(nodeId: string): DaemonRecord | undefined {
    const existing = this.section.daemons[nodeId]
    if (existing) return existing
    if (!this.world.lightning.node(nodeId)) return undefined
    return this.put({
      ...this.blank(nodeId),
      hasWallet: true,
      phase: 'SERVER_ACTIVE',
      isSynced: true,
    })
  }

  private blank(nodeId: string): DaemonRecord {
    return {
      nodeId,
      isManaged: false,
      hasWallet: false,
      passwordSaltHex: '',
      passwordHashHex: '',
      macaroonGeneration: 1,
      phase: 'offline',
      isSynced: false,
    }
  }

  private put(record: DaemonRecord): DaemonRecord {
    this.section.daemons[record.nodeId] = record
    this.world.persistence.save()
    return record
  }

  /** A node-host node: its lnd is installed but not running and has no wallet yet. */
  manage(nodeId: string): DaemonRecord {
    return this.section.daemons[nodeId] ?? this.put({ ...this.blank(nodeId), isManaged: true })
  }

  private transition(record: DaemonRecord, phase: DaemonPhase, isSynced = record.isSynced): void {
    record.phase = phase
    record.isSynced = isSynced
    this.world.persistence.save()
    this.events.emit('state', record)
  }

  private cancelTimer(nodeId: string): void {
    this.timers.get(nodeId)?.cancel()
    this.timers.delete(nodeId)
  }

  private later(nodeId: string, nominalMs: number, fn: () => void): void {
    this.cancelTimer(nodeId)
    this.timers.set(
      nodeId,
      this.world.clock.after(nominalMs, () => {
        this.timers.delete(nodeId)
        fn()
      }),
    )
  }

  /** Starts the process: it asks for a new wallet or for the password of the existing one. */
  start(nodeId: string): void {
    const record = this.manage(nodeId)
    this.cancelTimer(nodeId)
    this.transition(record, record.hasWallet ? 'LOCKED' : 'NON_EXISTING', false)
  }

  stop(nodeId: string): void {
    const record = this.manage(nodeId)
    this.cancelTimer(nodeId)
    this.transition(record, 'offline', false)
  }

  initWallet(nodeId: string, password: Buffer): Uint8Array {
    const record = this.get(nodeId)!
    const salt = randomBytes(16)
    record.passwordSaltHex = salt.toString('hex')
    record.passwordHashHex = scryptSync(password, salt, 32).toString('hex')
    record.hasWallet = true
    record.macaroonGeneration += 1
    this.macaroons.delete(nodeId)
    this.transition(record, 'UNLOCKED', false)
    this.activate(record)
    return this.adminMacaroon(nodeId)
  }

  checkPassword(nodeId: string, password: Buffer): boolean {
    const record = this.get(nodeId)
    if (!record?.passwordHashHex) return false
    const hash = scryptSync(password, Buffer.from(record.passwordSaltHex, 'hex'), 32)
    return timingSafeEqual(hash, Buffer.from(record.passwordHashHex, 'hex'))
  }

  unlock(nodeId: string): void {
    const record = this.get(nodeId)!
    this.transition(record, 'UNLOCKED', false)
    this.activate(record)
  }

  private activate(record: DaemonRecord): void {
    this.later(record.nodeId, STARTUP_MS.rpc, () => {
      this.transition(record, 'RPC_ACTIVE')
      this.later(record.nodeId, STARTUP_MS.server, () => {
        this.transition(record, 'SERVER_ACTIVE')
        this.later(record.nodeId, STARTUP_MS.sync, () =>
          this.transition(record, 'SERVER_ACTIVE', true),
        )
      })
    })
  }

  /** The admin macaroon of the node's current wallet. */
  adminMacaroon(nodeId: string): Uint8Array {
    const record = this.get(nodeId)
    const generation = record?.macaroonGeneration ?? 1
    const rootKey = this.world.keys.bytes(`lnd:macaroon-root:${nodeId}:${generation}`, 32)
    const id = Buffer.concat([Buffer.from([3]), Buffer.from(`${nodeId}/${generation}/admin`)])
    return bakeMacaroon(rootKey, id)
  }

  adminMacaroonHex(nodeId: string): string {
    let hexText = this.macaroons.get(nodeId)
    if (!hexText) {
      hexText = Buffer.from(this.adminMacaroon(nodeId)).toString('hex')
      this.macaroons.set(nodeId, hexText)
    }
    return hexText
  }

  close(): void {
    for (const id of [...this.timers.keys()]) this.cancelTimer(id)
  }
}

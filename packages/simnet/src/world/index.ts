import type { World } from './api'
import { PAYER_ID } from './api'
import { bootstrapWorld } from './bootstrap'
import { SimChain, initialChainState } from './chain/chain'
import { HdWallets } from './chain/wallet'
import { createClock } from './clock'
import { createKeyRing } from './keyring'
import { SimLightning } from './lightning/network'
import { InvoiceSigner } from './lightning/signer'
import { initialLightningState } from './lightning/state'
import { createPersistence } from './persistence'

export * from './api'
export * from './chain-api'
export * from './lightning-api'
export type { SimChain } from './chain/chain'
export type { SimLightning } from './lightning/network'

export interface CreateWorldOptions {
  /** Folder for world.json and other durable files; created when missing. */
  dataDir: string
  /** Same seed, same keys, addresses and preimages. Default 'simnet'. */
  seed?: string
  /** Multiplies every simulated duration (1 = real time). Default 1. */
  timeScale?: number
  /** Base URL the services are reachable at (known once the server listens). */
  baseUrl?: string
  /** Mines a block every this many ms of real time; 0 or absent = only on demand. */
  mineIntervalMs?: number
}

export interface SimWorld extends World {
  readonly chain: SimChain
  readonly lightning: SimLightning
  readonly seed: string
  /** The server sets this once it knows its port. */
  baseUrl: string
}

export async function createWorld(options: CreateWorldOptions): Promise<SimWorld> {
  const seed = options.seed ?? 'simnet'
  const clock = createClock(options.timeScale ?? 1)
  const persistence = createPersistence(options.dataDir)
  const meta = persistence.section('meta', () => ({ seed, createdAt: Date.now() }))
  if (meta.seed !== seed) {
    throw new Error(
      `world.json in ${options.dataDir} was made with seed '${meta.seed}', not '${seed}'`,
    )
  }
  const keys = createKeyRing(seed)
  const signer = new InvoiceSigner()
  const save = () => persistence.save()
  const nowSec = () => Math.floor(clock.now() / 1000)
  const chain = new SimChain(
    persistence.section('chain', initialChainState),
    new HdWallets(keys),
    save,
    nowSec,
  )
  const lightning = new SimLightning(
    persistence.section('lightning', initialLightningState),
    keys,
    chain,
    save,
    () => clock.now(),
    (path, value) => persistence.journal('lightning', path, value),
    signer,
  )
  if (persistence.isFresh) bootstrapWorld(chain, lightning)
  const payer = lightning.createNode(PAYER_ID, 'simnet-payer')

  let miner: NodeJS.Timeout | null = null
  const setMiningInterval = (intervalMs: number) => {
    if (miner) clearInterval(miner)
    miner = intervalMs > 0 ? setInterval(() => chain.mine(1), intervalMs) : null
  }
  setMiningInterval(options.mineIntervalMs ?? 0)
  let closing: Promise<void> | null = null

  const world: SimWorld = {
    clock,
    persistence,
    keys,
    chain,
    lightning,
    payer,
    seed,
    baseUrl: options.baseUrl ?? 'http://127.0.0.1:3100',
    dataDir: options.dataDir,
    setMiningInterval,
    close() {
      closing ??= (async () => {
        setMiningInterval(0)
        clock.stop()
        lightning.close()
        await signer.close()
        await persistence.flush()
      })()
      return closing
    },
  }
  await persistence.flush()
  return world
}

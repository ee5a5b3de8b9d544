/**
 * The simulated world as the protocol services see it. `world/` implements these interfaces;
 * every service under `services/` (LND, Loop, node host, Esplora, nostr/NWC, Cashu, exchange,
 * control) reads and changes the world only through them (the chain's in `chain-api.ts`,
 * Lightning's in `lightning-api.ts`), so the services can be built and tested apart. Amounts are
 * integer satoshis unless a name says msat.
 */
import type { Chain } from './chain-api'
import type { Lightning, LnNode } from './lightning-api'

/** Simulated durations can be scaled down for demos and tests (timeScale 1 = real time). */
export interface SimClock {
  /** Real wall-clock time in ms; the world never fast-forwards the date. */
  now(): number
  /** A nominal duration (e.g. 30 minutes of channel opening) scaled to the configured speed. */
  scaled(nominalMs: number): number
  /** Runs fn after the scaled duration; cancelled when the world closes. */
  after(nominalMs: number, fn: () => void): { cancel(): void }
}

/**
 * State that must survive a restart. Each service keeps its durable state in a named section:
 * a plain JSON-serialisable object the service mutates in place and then calls `save()`.
 * The whole world is written atomically to `<dataDir>/world.json` (debounced).
 */
export interface Persistence {
  section<T extends object>(name: string, init: () => T): T
  save(): void
  /**
   * The record at `path` in `section` is new or has changed: it is appended to the journal and
   * left out of snapshots from then on, so a snapshot costs what the rest of the world costs.
   * Call it again after every later change of the record.
   */
  journal(section: string, path: (string | number)[], value: object): void
}

/** Deterministic key material from the world seed: the same seed and label give the same key. */
export interface KeyRing {
  /** 32-byte private key for a label, e.g. `node:lsp`, `nostr:wallet:3`, `mint:keyset`. */
  privateKey(label: string): Uint8Array
  /** Deterministic random bytes for a label (preimages, ids, ...). */
  bytes(label: string, length: number): Uint8Array
}

/** Names the world's well-known participants. */
export const PAYER_ID = 'payer'
export const LSP_ID = 'lsp'

export interface World {
  readonly clock: SimClock
  readonly persistence: Persistence
  readonly keys: KeyRing
  readonly chain: Chain
  readonly lightning: Lightning
  /** The external wallet with plenty of funds (on-chain owner `payer`, Lightning node `payer`). */
  readonly payer: LnNode
  /** Base URL the simnet server listens on, e.g. http://127.0.0.1:3100 */
  readonly baseUrl: string
  close(): Promise<void>

  // Added by the world implementation:
  /** Folder holding world.json and the other durable files (TLS key, ...). */
  readonly dataDir: string
  /** Mines a block every intervalMs of real time (0 stops automatic mining). */
  setMiningInterval(intervalMs: number): void
}

/**
 * The simulated Cashu mint: NUT-00..05, 07..09, 12 under `/cashu`, backed by its own Lightning
 * node `mint` (channels with the LSP both ways), plus control routes under `/control/cashu`.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import type { FastifyInstance } from 'fastify'
import type { KeyRing, Persistence, World } from '../../world/api'
import type { LnNode } from '../../world/lightning-api'
import { serviceDirectory } from '../control/directory'
import { cashuInfo, registerCashuControl } from './control'
import { MintFaults } from './faults'
import { KeysetRegistry } from './keysets'
import { CashuLedger } from './ledger'
import { MeltQuotes } from './melt-quotes'
import { MintQuotes } from './mint-quotes'
import { mintRoutes, type MintIdentity } from './routes'
import { loadCashuState, type CashuState } from './state'

export const MINT_PREFIX = '/cashu'
const MINT_NODE_ID = 'mint'
/** Default input fee: 100 ppk, i.e. 1 sat per 1-10 inputs, as many public mints charge. */
const DEFAULT_INPUT_FEE_PPK = 100
const CHANNEL_CAPACITY_SAT = 20_000_000
const CHANNEL_PUSH_SAT = 10_000_000

export interface CashuOptions {
  /** input_fee_ppk of the active keyset; a change rotates to a new keyset. */
  inputFeePpk?: number
}

export interface CashuMintCore {
  state: CashuState
  ledger: CashuLedger
}

/** The ledger without Lightning: keysets from the seed, state from persistence. */
export function createCashuLedger(
  keys: KeyRing,
  persistence: Persistence,
  opts: CashuOptions = {},
): CashuMintCore {
  const state = loadCashuState(persistence)
  const persisted = state.keysets.find((k) => k.active)?.inputFeePpk
  const feePpk = opts.inputFeePpk ?? envFeePpk() ?? persisted ?? DEFAULT_INPUT_FEE_PPK
  const keysets = new KeysetRegistry(keys, state.keysets, feePpk)
  persistence.save()
  return { state, ledger: new CashuLedger(keysets, state, persistence) }
}

function envFeePpk(): number | undefined {
  const raw = process.env.SIMNET_CASHU_INPUT_FEE_PPK
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  return Number.isInteger(value) && value >= 0 ? value : undefined
}

/** The mint's node, with one confirmed LSP channel on a fresh world (half pushed to the mint). */
function mintNode(world: World): LnNode {
  const node = world.lightning.createNode(MINT_NODE_ID, 'Cashu mint')
  if (!node.channels().some((c) => c.state !== 'closed')) {
    // Inbound liquidity for mint quotes, outbound (the pushed half) for melts.
    const channel = world.lightning.openChannelFromLsp(
      MINT_NODE_ID,
      CHANNEL_CAPACITY_SAT,
      CHANNEL_PUSH_SAT,
    )
    world.chain.mine(channel.confirmationsNeeded)
  }
  return node
}

export async function registerCashu(
  app: FastifyInstance,
  world: World,
  opts: CashuOptions = {},
): Promise<void> {
  const { state, ledger } = createCashuLedger(world.keys, world.persistence, opts)
  const node = mintNode(world)
  const faults = new MintFaults()
  const mintQuotes = new MintQuotes(ledger, node, state, world.persistence)
  const meltQuotes = new MeltQuotes(
    ledger,
    world.lightning,
    node,
    mintQuotes,
    state,
    world.persistence,
    faults,
  )
  const identity: MintIdentity = {
    name: 'Simnet Cashu mint',
    pubkey: bytesToHex(secp256k1.getPublicKey(world.keys.privateKey('cashu:mint'), true)),
    version: 'simnet/0.1.0',
    description: 'A simulated regtest mint: its ecash is backed by no real bitcoin.',
  }
  await app.register(mintRoutes(ledger, mintQuotes, meltQuotes, identity, faults), {
    prefix: MINT_PREFIX,
  })
  const mintUrl = () => `${world.baseUrl}${MINT_PREFIX}`
  registerCashuControl(app, world, ledger, mintUrl, faults)
  serviceDirectory(world).describe('cashu', () => cashuInfo(mintUrl(), ledger))
}

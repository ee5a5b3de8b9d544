/**
 * The server tests' harness: one call builds the world a test file needs, ready to use, and one
 * call tears all of it down.
 *
 *   const t = await scenario({ simnet: true, business: 'own-node-with-channel', device: true })
 *   afterAll(t.close)
 *   const { env, net } = t
 *   const { b, businessId } = t.owner
 *
 * What can be asked for, each built through the real procedures and services:
 * - always: a fresh database copied from the run's migrated template (test-database.ts), the
 *   real services over it with background jobs running, and `env.browser()` for signed-out
 *   browsers (tRPC callers with their own cookies). Applications are approved on submission (as
 *   on the demo network) unless `env` says AUTO_APPROVE_APPLICATIONS=false.
 * - `simnet`: a simulated network of the file's own (`t.net`; `{ timeScale, autoApproveNodes }`
 *   to change it), which the server's externals point at; `screening` adds its address-screening
 *   API. `externals` replaces them altogether (a function gets the simnet).
 * - `realtime`: the NOTIFY bus and the wallet watchers run, as in a running server (pages'
 *   subscriptions; settlements pushed by wallets); `'bus'` for the bus only.
 * - `http`: the real HTTP app (`t.app`): `'inject'` for `app.inject`, or `'listen'` on 127.0.0.1
 *   at a port chosen before the services are built, so `t.origin` is also the PUBLIC_URL (unless
 *   `env` gives one) and the links the server makes reach it. `webDist` serves a web build.
 * - `business` (`t.owner`: the owner's browser and the business id): `'approved'` (at the
 *   payment-provider step), `'nwc'` (on a simnet NWC wallet), `'exchange'` (on a simnet exchange
 *   account), `'own-node'` (its own hosted node initialised and running, at the deposit step),
 *   `'own-node-with-channel'` (and its channel to the liquidity provider open, `depositSat` of
 *   400 000 sat by default). Own nodes give `t.hostNodeId`.
 * - `device`: a terminal of that business paired and signed in with staff (`t.terminal`: Rita
 *   who may do everything, Sam who may do nothing, and helpers for paid payments).
 * - `secondUser`: another signed-in user with no business (`t.stranger`).
 * - `server: false`: no database and no server at all, for tests of simnet and of adapters.
 * Reading a part that was not asked for fails the test with a message saying so.
 *
 * `t.close` ends everything the scenario started, last built first. If building fails half-way,
 * what was built is ended before the error is thrown.
 *
 * Lower down, for what a scenario does not cover: `createTestEnv` (a server on a fresh database),
 * `anotherInstance` (a second server process on the same database), `createTestDatabase`.
 */
import type { FastifyInstance } from 'fastify'
import type { Externals } from '../src/config'
import {
  approvedBusiness,
  exchangeBusiness,
  nwcBusiness,
  ownNodeAtDepositStep,
  ownNodeBusiness,
} from './businesses'
import { freePort } from './crash/server-process'
import { startTestSimnet, type TestSimnet } from './simnet'
import { withTerminal, type PairedTerminal } from './terminal-fixture'
import {
  buildTestApp,
  createTestEnv,
  uniqueEmail,
  type EnvOptions,
  type TestBrowser,
  type TestEnv,
} from './test-env'
import { withScreening } from './withdraw-support'

export { createTestDatabase } from './test-database'
export {
  anotherInstance,
  buildTestApp,
  createTestEnv,
  uniqueEmail,
  type TestBrowser,
  type TestEnv,
} from './test-env'

export type BusinessKind = 'approved' | 'nwc' | 'exchange' | 'own-node' | 'own-node-with-channel'

export interface ScenarioOptions extends Omit<EnvOptions, 'externals'> {
  server?: boolean
  simnet?: boolean | { timeScale?: number; autoApproveNodes?: boolean }
  screening?: boolean
  externals?: Externals | ((net: TestSimnet | null) => Externals | Promise<Externals>)
  realtime?: boolean | 'bus'
  http?: 'inject' | 'listen'
  webDist?: string
  business?: BusinessKind
  depositSat?: number
  device?: boolean
  secondUser?: boolean
}

export interface Owner {
  b: TestBrowser
  businessId: string
}

export interface Scenario {
  env: TestEnv
  net: TestSimnet
  app: FastifyInstance
  /** where the listening app answers */
  origin: string
  owner: Owner
  hostNodeId: string
  /** the node host's API on the own node, as the operator's tooling calls it (answers 202) */
  nodeHost(action: 'restart' | 'stop' | 'start'): Promise<void>
  terminal: PairedTerminal
  stranger: TestBrowser
  /** ends everything; a plain function, so `afterAll(t.close)` */
  close: () => Promise<void>
}

export async function scenario(opts: ScenarioOptions = {}): Promise<Scenario> {
  const closers: (() => Promise<void>)[] = []
  const close = async () => {
    for (const end of closers.splice(0).reverse()) await end()
  }
  try {
    return await build(opts, closers, close)
  } catch (e) {
    await close().catch(() => {})
    throw e
  }
}

async function build(
  opts: ScenarioOptions,
  closers: (() => Promise<void>)[],
  close: () => Promise<void>,
): Promise<Scenario> {
  const {
    server = true,
    simnet,
    screening,
    externals,
    realtime,
    http,
    webDist,
    business,
    depositSat,
    device,
    secondUser,
    ...envOptions
  } = opts
  const net = simnet ? await startTestSimnet(typeof simnet === 'object' ? simnet : {}) : null
  if (net) closers.push(() => net.close())
  const port = server && http === 'listen' ? await freePort() : null
  const origin = port === null ? null : `http://127.0.0.1:${port}`
  const env = server ? await startServer() : null
  async function startServer(): Promise<TestEnv> {
    const started = await createTestEnv({
      demoNetworkUrl: net?.simnet.url,
      ...envOptions,
      env: { ...(origin ? { PUBLIC_URL: origin } : {}), ...envOptions.env },
      externals:
        typeof externals === 'function'
          ? await externals(net)
          : (externals ?? (net && screening ? await withScreening(net) : net?.externals)),
    })
    closers.push(() => started.close())
    if (realtime) await started.services.bus.start()
    if (realtime === true) started.services.watchers.start()
    return started
  }
  let app: FastifyInstance | null = null
  if (env && http) {
    const built = await buildTestApp(env, webDist)
    closers.push(() => built.close())
    if (port !== null) await built.listen({ port, host: '127.0.0.1' })
    app = built
  }

  const owner = env && business ? await makeBusiness(business, env, net, depositSat) : null
  let hostNodeId: string | null = null
  if (env && owner && business?.startsWith('own-node')) {
    const settings = await env.services.nodes.settings(owner.businessId)
    if (!settings.exists) throw new Error('the business has no node')
    hostNodeId = settings.hostNodeId
  }
  let terminal: PairedTerminal | null = null
  if (device) {
    if (!env || !owner || !net) throw new Error('a paired device needs a business on simnet')
    terminal = await withTerminal({ env, net }, owner)
  }
  let stranger: TestBrowser | null = null
  if (env && secondUser) {
    stranger = env.browser()
    await stranger.caller.auth.signUp({
      email: uniqueEmail('stranger'),
      password: 'correct horse battery',
    })
  }

  const asked = <T>(value: T | null, what: string): T => {
    if (value === null) throw new Error(`the scenario was built without ${what}`)
    return value
  }
  return {
    close,
    get env() {
      return asked(env, 'a server')
    },
    get net() {
      return asked(net, 'simnet')
    },
    get app() {
      return asked(app, 'http')
    },
    get origin() {
      return asked(origin, "http: 'listen'")
    },
    get owner() {
      return asked(owner, 'a business')
    },
    get hostNodeId() {
      return asked(hostNodeId, 'an own node')
    },
    nodeHost: (action) => nodeHost(asked(net, 'simnet'), asked(hostNodeId, 'an own node'), action),
    get terminal() {
      return asked(terminal, 'a device')
    },
    get stranger() {
      return asked(stranger, 'a second user')
    },
  }
}

/** The node host's API on one node, as the operator's tooling calls it (answers 202). */
export async function nodeHost(
  net: TestSimnet,
  hostNodeId: string,
  action: 'restart' | 'stop' | 'start',
): Promise<void> {
  const { url, token } = net.externals.nodeHost as { url: string; token: string }
  const res = await fetch(`${url}/nodes/${hostNodeId}/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  })
  if (res.status !== 202) throw new Error(`the node host answered ${action} with ${res.status}`)
}

async function makeBusiness(
  kind: BusinessKind,
  env: TestEnv,
  net: TestSimnet | null,
  depositSat?: number,
): Promise<Owner> {
  if (kind === 'approved') return approvedBusiness(env)
  if (kind === 'own-node') return ownNodeAtDepositStep(env)
  if (!net) throw new Error(`a business of kind ${kind} needs simnet`)
  if (kind === 'nwc') return nwcBusiness(env, net)
  if (kind === 'exchange') return exchangeBusiness(env, net)
  return ownNodeBusiness(env, net, depositSat)
}

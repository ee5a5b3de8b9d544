/**
 * One merchant's wallet holds up no other's settlement: with one business whose node refuses
 * every connection and one whose node accepts and never answers, a third business's on-chain
 * payment is still credited within seconds (not one deadline later), and the watching instance
 * keeps its leases meanwhile.
 */
import { createServer, type Server, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { createWalletForBusiness } from '../src/wallets/factory'
import { LndClient } from '../src/wallets/lnd/lnd-client'
import { LndWallet } from '../src/wallets/lnd/lnd-wallet'
import type { Wallet } from '../src/wallets/wallet'
import { until } from './assertions'
import { approvedBusiness, exchangeBusiness } from './businesses'
import { scenario, type Scenario } from './harness'
import { crashableLeases, isWatching, type CrashableLeases, type Instance } from './watchers'
import { DEMO_RELAY_POLICY } from '../src/wallets/nwc/relay-guard'

const LEASE_MS = 1_500

/** A node's REST port that accepts connections and never answers. */
async function silentNode(): Promise<{ url: string; asked: () => number; close(): void }> {
  const sockets = new Set<Socket>()
  let asked = 0
  const server: Server = createServer((socket) => {
    asked += 1
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    asked: () => asked,
    close() {
      for (const s of sockets) s.destroy()
      server.close()
    },
  }
}

/** A node's REST address nobody listens on: every call fails at once. */
async function refusingNode(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

/** Businesses whose node is down, and the wallet their node gives. */
const downWallets = new Map<string, Wallet>()
const silent = await silentNode()
afterAll(() => silent.close())
let leases: CrashableLeases | undefined
const t: Scenario = await scenario({
  simnet: true,
  realtime: 'bus',
  watcherOptions: { leaseMs: LEASE_MS, renewMs: 300 },
  leases: (db) => (leases = crashableLeases(db)),
  walletFactory: (businessId) =>
    Promise.resolve(
      downWallets.get(businessId) ??
        createWalletForBusiness(
          {
            connections: t.env.services.connections,
            nodes: t.env.services.nodes,
            relayPolicy: DEMO_RELAY_POLICY,
          },
          businessId,
        ),
    ),
})
afterAll(t.close)
const { env, net } = t
if (!leases) throw new Error('no lease store')
const instance: Instance = { services: env.services, db: env.database.db, leases }

/** An open payment to an address, written before its business's node went down. */
async function openAddressPayment(businessId: string, address: string): Promise<void> {
  const { row } = await env.services.paymentRepo.insert({
    businessId,
    method: 'onchain',
    amountSat: 25_000,
    currency: 'GBP',
    fiatMinor: null,
    memo: 'before the outage',
  })
  await env.services.paymentRepo.attachAddress(row.id, address)
}

describe('a wallet that fails or hangs', () => {
  it('does not delay another business’s settlement, nor the renewal of leases', async () => {
    const refusing = await approvedBusiness(env)
    const hanging = await approvedBusiness(env)
    const refusingUrl = await refusingNode()
    downWallets.set(refusing.businessId, new LndWallet(new LndClient({ restUrl: refusingUrl })))
    downWallets.set(hanging.businessId, new LndWallet(new LndClient({ restUrl: silent.url })))
    await openAddressPayment(refusing.businessId, 'bcrt1qrefusingnode0000000000000000000000000')
    await openAddressPayment(hanging.businessId, 'bcrt1qhangingnode00000000000000000000000000')

    env.services.watchers.start()
    await until(
      () => Promise.resolve(silent.asked()),
      (n) => n > 0,
      'the silent node to be asked',
    )

    const { b, businessId } = await exchangeBusiness(env, net)
    const p = await b.caller.payments.createOnchain({
      businessId,
      amount: { sat: 40_000 },
      memo: 'books',
    })
    await until(() => isWatching(instance, businessId), Boolean, 'the third business watched')
    await net.control('POST', '/send', { address: p.address, amountSat: 40_000 })
    await net.control('POST', '/mine', { blocks: 3 })
    const mined = Date.now()
    const settled = await until(
      () => b.caller.payments.get({ businessId, paymentId: p.id }),
      (v) => v.status === 'settled',
      'the third business’s payment to settle',
      5_000,
    )
    expect(Date.now() - mined).toBeLessThan(5_000)
    expect(settled).toMatchObject({ receivedSat: 40_000, method: 'onchain' })

    // The silent node is still being asked, for longer than a lease lasts: every lease held
    // is still renewed (the hanging business's too: its node is slow, not taken over).
    await sleep(LEASE_MS * 2)
    expect(await isWatching(instance, hanging.businessId)).toBe(true)
    expect(silent.asked()).toBeGreaterThan(0)
  })
})

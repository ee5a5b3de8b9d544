/**
 * A merchant names their NWC relay, so in production the server must not be pointed at its own
 * network: only public `wss:` relays, checked when the URL is saved and inside every later
 * connection, and the client hears a generic refusal, never the socket's words. The policy is
 * each server's and each wallet's own, never the process's.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import '../src/lib/websocket-global'
import { NwcWallet } from '../src/wallets/nwc/nwc-wallet'
import {
  assertRelayAllowed,
  DEMO_RELAY_POLICY,
  guardedWebSocket,
  isPublicAddress,
  PRODUCTION_RELAY_POLICY,
  RelayNotAllowedError,
} from '../src/wallets/nwc/relay-guard'
import { appCode, rejection } from './assertions'
import { approvedBusiness } from './businesses'
import { scenario } from './harness'
import { internalListener } from './internal-listener'

// A server under the production relay policy (the test server's configuration is the demo's).
const t = await scenario({ relayPolicy: PRODUCTION_RELAY_POLICY })
afterAll(t.close)
const { env } = t
/** An internal service on loopback: nothing guarded may reach it. */
const internal = await internalListener()
const { port } = internal
afterAll(internal.close)

const hex = () => randomBytes(32).toString('hex')
const nwcUrl = (relay: string) =>
  `nostr+walletconnect://${hex()}?relay=${encodeURIComponent(relay)}&secret=${hex()}`

describe('relay addresses', () => {
  it('counts only public unicast addresses as public, IPv4 and IPv6', () => {
    const refused = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      'not-an-address',
    ]
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false)
    for (const a of ['1.1.1.1', '8.8.8.8', '2606:4700:4700::1111', '::ffff:1.1.1.1']) {
      expect(isPublicAddress(a), a).toBe(true)
    }
  })

  it('refuses in production what is not wss: or resolves to a non-public address', async () => {
    for (const url of [
      'ws://1.1.1.1',
      'https://1.1.1.1',
      'wss://127.0.0.1',
      'wss://[::1]:7000',
      'wss://10.0.0.5',
      'wss://169.254.169.254/latest',
      'wss://[fd00::1]',
      'wss://[::ffff:127.0.0.1]',
      'wss://localhost:7000',
      'wss://user:pw@1.1.1.1',
      'wss://no-such-host.invalid',
    ]) {
      await expect(assertRelayAllowed(url, PRODUCTION_RELAY_POLICY), url).rejects.toBeInstanceOf(
        RelayNotAllowedError,
      )
    }
    await expect(assertRelayAllowed('wss://1.1.1.1', PRODUCTION_RELAY_POLICY)).resolves.toBe(
      undefined,
    )
    // The demo network's relay is local.
    await expect(assertRelayAllowed('ws://127.0.0.1:3100', DEMO_RELAY_POLICY)).resolves.toBe(
      undefined,
    )
  })
})

describe('connecting an NWC wallet in production', () => {
  it('refuses loopback and private relays with a generic error, connecting to nothing', async () => {
    const { b, businessId } = await approvedBusiness(env)
    for (const relay of [
      `ws://127.0.0.1:${port}`,
      `wss://127.0.0.1:${port}`,
      `wss://localhost:${port}`,
      `wss://[::ffff:127.0.0.1]:${port}`,
    ]) {
      const err = await rejection(
        b.caller.onboarding.connectNwc({ businessId, url: nwcUrl(relay) }),
      )
      expect(appCode(err), relay).toBe('NWC_RELAY_NOT_ALLOWED')
      expect(err.message).not.toMatch(/127\.0\.0\.1|localhost|ECONN|::1|\d{4,5}/)
    }
    expect(internal.reached()).toBe(0)
    expect((await b.caller.businesses.get({ businessId })).onboardingStep).toBe('paymentProvider')
  })

  it('refuses inside every later connection, whatever the name resolves to then', async () => {
    const Guarded = guardedWebSocket(PRODUCTION_RELAY_POLICY)
    // A name not checked before (as if it had resolved elsewhere when it was saved).
    const socket = new Guarded(`wss://localhost:${port}`)
    const failed = await new Promise<boolean>((resolve) => {
      socket.onerror = () => resolve(true)
      socket.onopen = () => resolve(false)
    })
    expect(failed).toBe(true)
    expect(() => new Guarded(`ws://127.0.0.1:${port}`)).toThrow(RelayNotAllowedError)
    // The global WebSocket the NWC library loads with is the production one too.
    expect(() => new globalThis.WebSocket(`ws://127.0.0.1:${port}`)).toThrow(RelayNotAllowedError)

    // A stored wallet whose relay is internal never reaches it.
    const wallet = new NwcWallet(
      { walletPubkey: hex(), secret: hex(), relayUrls: [`wss://localhost:${port}`] },
      { notifications: [], relayPolicy: PRODUCTION_RELAY_POLICY, requestTimeoutMs: 2_000 },
    )
    await expect(wallet.createInvoice({ amountSat: 1000, expirySec: 600 })).rejects.toThrow()
    wallet.close()
    expect(internal.reached()).toBe(0)
  })

  it("follows each wallet's own policy: a demo wallet beside it still reaches its local relay", async () => {
    const relay = `ws://127.0.0.1:${port}`
    const strict = new NwcWallet(
      { walletPubkey: hex(), secret: hex(), relayUrls: [relay] },
      { notifications: [], relayPolicy: PRODUCTION_RELAY_POLICY, requestTimeoutMs: 2_000 },
    )
    await expect(strict.createInvoice({ amountSat: 1000, expirySec: 600 })).rejects.toThrow()
    strict.close()
    expect(internal.reached()).toBe(0)

    // The same relay under the demo policy, in the same process: the socket goes out (the
    // listener is no relay, so the request fails after it was reached).
    const demo = new NwcWallet(
      { walletPubkey: hex(), secret: hex(), relayUrls: [relay] },
      { notifications: [], relayPolicy: DEMO_RELAY_POLICY, requestTimeoutMs: 2_000 },
    )
    await expect(demo.createInvoice({ amountSat: 1000, expirySec: 600 })).rejects.toThrow()
    demo.close()
    expect(internal.reached()).toBeGreaterThan(0)
  })
})

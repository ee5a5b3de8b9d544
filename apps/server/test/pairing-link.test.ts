/**
 * Where a terminal's pairing link points: PUBLIC_URL, except in demo mode on a localhost
 * PUBLIC_URL with the server listening on every interface (HOST=0.0.0.0; the demo's default is
 * this machine only), where a tablet on the shop's network
 * gets the machine's network address (first non-internal IPv4, the server's port) and PUBLIC_URL
 * is the alternative. The credentials the dashboard shows carry both links.
 */
import type { NetworkInterfaceInfo } from 'node:os'
import { networkInterfaces } from 'node:os'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { scenario } from './harness'

const iface = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo
const shop = {
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  wlan0: [iface('fe80::1', 'IPv6', false), iface('192.168.1.23', 'IPv4', false)],
  eth1: [iface('10.0.0.5', 'IPv4', false)],
}
/** The demo opened to the shop's network (it listens on this machine only by default). */
const demo = { BITCOIN_NETWORK: 'simnet', PORT: '3000', HOST: '0.0.0.0' }

const t = await scenario({ business: 'approved' })
afterAll(t.close)

describe('the pairing link', () => {
  it('offers the network address in the demo, with PUBLIC_URL as the alternative', () => {
    expect(loadConfig(demo, shop).pairingOrigins).toEqual({
      offered: 'http://192.168.1.23:3000',
      alternative: 'http://localhost:3000',
    })
    const local = { ...demo, PUBLIC_URL: 'http://127.0.0.1:8080/' }
    expect(loadConfig(local, shop).pairingOrigins).toEqual({
      offered: 'http://192.168.1.23:3000',
      alternative: 'http://127.0.0.1:8080',
    })
  })

  it('keeps PUBLIC_URL when it is reachable, the server is local only, or no network', () => {
    const own = (
      env: Record<string, string>,
      interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = shop,
    ) => loadConfig(env, interfaces).pairingOrigins
    expect(own({ ...demo, PUBLIC_URL: 'https://demo.example.com' })).toEqual({
      offered: 'https://demo.example.com',
      alternative: null,
    })
    expect(own({ ...demo, HOST: '127.0.0.1' })).toEqual({
      offered: 'http://localhost:3000',
      alternative: null,
    })
    // the demo's default: this machine only
    const { HOST: _, ...localDemo } = demo
    expect(loadConfig(localDemo, shop)).toMatchObject({
      host: '127.0.0.1',
      pairingOrigins: { offered: 'http://localhost:3000', alternative: null },
    })
    expect(own(demo, { lo: shop.lo })).toEqual({
      offered: 'http://localhost:3000',
      alternative: null,
    })
    const production = {
      NODE_ENV: 'production',
      BITCOIN_NETWORK: 'mainnet',
      DATABASE_URL: 'postgres://db.example.com/pay',
      PUBLIC_URL: 'https://pay.example.com/',
      SUPPORT_URL: 'https://help.example.com',
      SMTP_URL: 'smtps://mail.example.com',
      MAIL_FROM: 'no-reply@pay.example.com',
      APP_SECRET: 'x7Kp2Qv9Lm4Rt8Wz1Yb6Nc3Hd5Jf0Gs-AeUi_OoEy',
    }
    expect(own(production)).toEqual({ offered: 'https://pay.example.com', alternative: null })
    // production listens on every interface unless HOST says otherwise
    expect(loadConfig(production, shop).host).toBe('0.0.0.0')
  })
})

describe('the credentials the dashboard shows', () => {
  it('carry the link the server chose and its alternative', async () => {
    const { b, businessId } = t.owner
    const { config } = t.env.services
    const { credentials } = await b.caller.devices.create({ businessId, name: 'Tablet' })
    const hash = `/terminal#login=${credentials.loginId}&secret=${credentials.secret}`
    expect(credentials.pairingUri).toBe(`${config.pairingOrigins.offered}${hash}`)
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i?.family === 'IPv4' && !i.internal)
    // the test server listens on every interface by its configuration, on a localhost PUBLIC_URL
    if (lan && config.host === '0.0.0.0' && config.isDemo) {
      expect(credentials.pairingUri).toBe(`http://${lan.address}:${config.port}${hash}`)
      expect(credentials.pairingUriAlternative).toBe(`${new URL(config.publicUrl).origin}${hash}`)
    } else {
      expect(credentials.pairingUriAlternative).toBeNull()
    }
  })
})

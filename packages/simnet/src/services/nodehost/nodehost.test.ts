import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestSimnet, RestClient, startTestSimnet } from '../lnd/test-support'

let sim: TestSimnet
let api: (
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) => Promise<{ status: number; body: Record<string, unknown> }>

beforeAll(async () => {
  sim = await startTestSimnet({ timeScale: 0.002 })
  const entry = sim.services.nodehost as { url: string; token: string }
  api = async (method, path, body, token = entry.token) => {
    const res = await fetch(entry.url + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
})
afterAll(() => sim.stop())

/** Reads the node until it is in `status` (20 s at most, however busy the machine). */
async function waitFor(id: string, status: string) {
  const end = Date.now() + 20_000
  for (;;) {
    const node = await api('GET', `/nodes/${id}`)
    if (node.body.status === status) return node.body
    if (Date.now() > end) throw new Error(`node ${id} never reached ${status}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

const control = (route: string) => fetch(`${sim.url}/control/nodehost${route}`, { method: 'POST' })

describe('node host', () => {
  it('refuses requests without the host token', async () => {
    expect((await api('GET', '/nodes', undefined, 'nope')).status).toBe(401)
  })

  it('provisions a node after approval and runs it once the wallet is initialised', async () => {
    const created = await api('POST', '/nodes', { businessId: 'biz-1' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 'searching', businessId: 'biz-1', lnd: null })
    const id = created.body.id as string
    await waitFor(id, 'waiting_for_approval')
    const approved = await fetch(`${sim.url}/control/nodehost/nodes/${id}/approve`, {
      method: 'POST',
    })
    expect(approved.status).toBe(200)
    const waiting = await waitFor(id, 'waiting_for_initialisation')
    expect(waiting).toMatchObject({ walletState: 'NON_EXISTING' })
    expect(JSON.stringify(waiting)).not.toMatch(/macaroon/i)
    const lnd = waiting.lnd as { restUrl: string; tlsCertPem: string }
    const client = new RestClient(lnd.restUrl, lnd.tlsCertPem, null)
    const seed = (await client.get('/v1/genseed')).body as { cipher_seed_mnemonic: string[] }
    const init = await client.post('/v1/initwallet', {
      wallet_password: Buffer.from('merchant-pass').toString('base64'),
      cipher_seed_mnemonic: seed.cipher_seed_mnemonic,
    })
    client.macaroonHex = Buffer.from(
      (init.body as { admin_macaroon: string }).admin_macaroon,
      'base64',
    ).toString('hex')
    await waitFor(id, 'running')
    expect((await client.get('/v1/getinfo')).body).toMatchObject({ synced_to_chain: true })

    // An update stops lnd, installs the version asked for, and starts it locked. The test holds
    // the installation open until it has seen it.
    expect((await control('/steps/updating/hold')).status).toBe(200)
    const updating = await api('POST', `/nodes/${id}/update`, { version: '0.19.2-beta' })
    expect(updating.body).toMatchObject({ status: 'stopping', walletState: 'offline' })
    expect((await client.get('/v1/getinfo')).status).toBe(503)
    await waitFor(id, 'updating')
    expect((await api('GET', `/nodes/${id}`)).body).toMatchObject({ status: 'updating' })
    expect((await control('/steps/updating/release')).status).toBe(200)
    const locked = await waitFor(id, 'locked')
    expect(locked.version).toBe('0.19.2-beta')
    const unlock = await client.post('/v1/unlockwallet', {
      wallet_password: Buffer.from('merchant-pass').toString('base64'),
    })
    expect(unlock.status).toBe(200)
    await waitFor(id, 'running')
    const info = (await client.get('/v1/getinfo')).body as { version: string }
    expect(info.version).toMatch(/^0\.19\.2-beta /)
    client.close()
  })

  it('refuses to hold a step that is not timed work', async () => {
    expect((await control('/steps/active/hold')).status).toBe(400)
  })

  it('auto-approves when configured, and shows channel openings', async () => {
    const auto = await startTestSimnet({ timeScale: 0.001, autoApproveNodes: true })
    const entry = auto.services.nodehost as { url: string; token: string }
    const res = await fetch(`${entry.url}/nodes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${entry.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ businessId: 'biz-2' }),
    })
    const id = ((await res.json()) as { id: string }).id
    let view: Record<string, unknown> = {}
    const end = Date.now() + 20_000
    while (view.status !== 'waiting_for_initialisation' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 10))
      view = (await (
        await fetch(`${entry.url}/nodes/${id}`, {
          headers: { authorization: `Bearer ${entry.token}` },
        })
      ).json()) as Record<string, unknown>
    }
    expect(view.status).toBe('waiting_for_initialisation')
    auto.world.lightning.setNextChannelOpen('manual')
    auto.world.lightning.openChannelFromLsp(id, 1_000_000)
    auto.world.chain.mine(3)
    view = (await (
      await fetch(`${entry.url}/nodes/${id}`, {
        headers: { authorization: `Bearer ${entry.token}` },
      })
    ).json()) as Record<string, unknown>
    expect(view.channels).toMatchObject([{ state: 'manual_processing', confirmations: 3 }])
    await auto.stop()
  })
})

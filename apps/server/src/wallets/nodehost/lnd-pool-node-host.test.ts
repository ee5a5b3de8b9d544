/**
 * The production node host: a pool of lnd nodes the operator registers. Here the pool holds a
 * real lnd REST endpoint on simnet (a node made by simnet's host), reached with its pinned
 * certificate; states come from lnd's own /v1/state.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { approvedBusiness } from '../../../test/businesses'
import { until } from '../../../test/assertions'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { nodeAdminFor } from '../factory'
import { NodeHostError } from './node-host'
import { LndPoolNodeHost, registerPoolNode } from './lnd-pool-node-host'
import { SimnetNodeHost } from './simnet-node-host'
import { scenario } from '../../../test/harness'

const t = await scenario({ simnet: true })
afterAll(t.close)
const { env, net } = t

describe('lnd pool node host', () => {
  it('assigns free nodes in order, searches while none is free, and reads lnd state', async () => {
    // An lnd the operator runs: here one made by simnet's own host, with no wallet yet.
    const { url, token } = net.externals.nodeHost as { url: string; token: string }
    const simnetHost = new SimnetNodeHost(url, token)
    const made = await simnetHost.requestNode('operator-machine-1')
    const ready = await until(
      () => simnetHost.getNode(made.hostNodeId),
      (v) => v.state === 'waiting_for_initialisation',
      'the machine to come up',
    )
    const lspPubkey = net.simnet.world.lightning.lsp.pubkey
    const pool = new LndPoolNodeHost(env.database.db, lspPubkey)
    const first = await approvedBusiness(env)
    const second = await approvedBusiness(env)

    // Nothing registered yet: the business waits.
    const waiting = await pool.requestNode(first.businessId)
    expect(waiting).toMatchObject({ state: 'searching', lnd: null, lspPubkey })

    const id = await registerPoolNode(env.database.db, {
      restUrl: ready.lnd!.restUrl,
      tlsCertPem: ready.lnd!.tlsCertPem,
    })
    // The waiting business gets it on its next look; its state is read from lnd.
    const assigned = await pool.getNode(waiting.hostNodeId)
    expect(assigned).toMatchObject({
      hostNodeId: id,
      state: 'waiting_for_initialisation',
      lnd: { restUrl: ready.lnd!.restUrl },
    })
    expect((await pool.requestNode(first.businessId)).hostNodeId).toBe(id)
    // The next business finds no free node.
    expect((await pool.requestNode(second.businessId)).state).toBe('searching')
    // Without the operator's update webhook, updates are the operator's work.
    await expect(pool.update(id, '0.19.1-beta')).rejects.toMatchObject({ code: 'unsupported' })
  })

  it('refuses a certificate that is not the node’s: the state cannot be read', async () => {
    const { url, token } = net.externals.nodeHost as { url: string; token: string }
    const simnetHost = new SimnetNodeHost(url, token)
    const made = await simnetHost.requestNode('operator-machine-2')
    const ready = await until(
      () => simnetHost.getNode(made.hostNodeId),
      (v) => v.state === 'waiting_for_initialisation',
      'the machine to come up',
    )
    const otherCert = (await import('node:tls')).rootCertificates[0] ?? ''
    const pool = new LndPoolNodeHost(env.database.db, null)
    const business = await approvedBusiness(env)
    await registerPoolNode(env.database.db, { restUrl: ready.lnd!.restUrl, tlsCertPem: otherCert })
    const view = await pool.requestNode(business.businessId)
    expect(view.state).toBe('starting')
  })

  it('sends an update to the operator tooling, signed, and shows it until lnd is back locked', async () => {
    const { url, token } = net.externals.nodeHost as { url: string; token: string }
    const simnetHost = new SimnetNodeHost(url, token)
    const made = await simnetHost.requestNode('operator-machine-3')
    const ready = await until(
      () => simnetHost.getNode(made.hostNodeId),
      (v) => v.state === 'waiting_for_initialisation',
      'the machine to come up',
    )
    const endpoint = { ...ready.lnd!, loopRestUrl: null, macaroonHex: null }
    await nodeAdminFor(endpoint).createWallet('merchant password')
    const id = await registerPoolNode(env.database.db, ready.lnd!)
    const business = await approvedBusiness(env)

    // The operator's tooling: checks the signature, then installs the version and restarts lnd
    // (here simnet's machine does both).
    const secret = 'a shared secret of at least 32 characters'
    const received: { version: string; nodeId: string }[] = []
    const tooling = await listen(async (body, signature) => {
      const [t, v1] = signature.split(',').map((p) => p.split('=')[1] ?? '')
      const mac = createHmac('sha256', secret).update(`${t}.${body}`).digest()
      const given = Buffer.from(v1 ?? '', 'hex')
      if (given.length !== mac.length || !timingSafeEqual(given, mac)) return 401
      if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return 401
      const hook = JSON.parse(body) as { version: string; nodeId: string }
      received.push(hook)
      await simnetHost.update(made.hostNodeId, hook.version)
      return 202
    })
    try {
      const pool = new LndPoolNodeHost(env.database.db, null, { url: tooling.url, secret })
      const assigned = await pool.requestNode(business.businessId)
      expect(assigned.hostNodeId).toBe(id)
      await until(
        () => pool.getNode(id),
        (v) => v.state === 'running',
        'the wallet to run',
      )
      const started = await pool.update(id, '0.19.1-beta')
      expect(received).toEqual([expect.objectContaining({ version: '0.19.1-beta', nodeId: id })])
      expect(started).toMatchObject({ state: 'updating', version: '0.19.1-beta' })
      const back = await until(
        () => pool.getNode(id),
        (v) => v.state === 'locked',
        'lnd back, locked',
      )
      expect(back.version).toBe('0.19.1-beta')

      // A tooling that refuses the signature: the update fails and nothing stays under way.
      const wrong = new LndPoolNodeHost(env.database.db, null, {
        url: tooling.url,
        secret: 'not the secret the tooling knows, 32+ chars',
      })
      const refused = await wrong.update(id, '0.19.2-beta').catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(NodeHostError)
      expect(refused).toMatchObject({ code: 'unavailable' })
      expect(received).toHaveLength(1)
      expect(await pool.getNode(id)).toMatchObject({ state: 'locked', version: '0.19.1-beta' })
    } finally {
      await tooling.close()
    }
  })
})

/** A webhook receiver on a free port: the handler gets the body and the signature header. */
async function listen(handle: (body: string, signature: string) => Promise<number>) {
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => {
      const signature = String(req.headers['x-node-host-signature'] ?? '')
      handle(body, signature)
        .then((status) => res.writeHead(status).end())
        .catch(() => res.writeHead(500).end())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/node-updates`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

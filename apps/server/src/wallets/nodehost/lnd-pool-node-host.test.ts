/**
 * The production node host: a pool of lnd nodes the operator registers. Here the pool holds a
 * real lnd REST endpoint on simnet (a node made by simnet's host), reached with its pinned
 * certificate; states come from lnd's own /v1/state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approvedBusiness } from '../../../test/businesses'
import { until } from '../../../test/assertions'
import { createTestEnv, type TestEnv } from '../../../test/harness'
import { startTestSimnet, type TestSimnet } from '../../../test/simnet'
import { LndPoolNodeHost, registerPoolNode } from './lnd-pool-node-host'
import { SimnetNodeHost } from './simnet-node-host'

let net: TestSimnet
let env: TestEnv
beforeAll(async () => {
  net = await startTestSimnet()
  env = await createTestEnv({ env: { AUTO_APPROVE_APPLICATIONS: 'true' } })
})
afterAll(async () => {
  await env?.close()
  await net?.close()
})

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
    await expect(pool.update()).rejects.toThrow(/operator/)
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
})

/**
 * Updating a merchant's node to the version the operator published: refused for another version,
 * a backup taken first, payments refused as "not ready" while the host works, the node back
 * locked on the new version; a host that cannot update is NODE_UPDATE_FAILED.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { createBackupRepo } from '../src/modules/node/backup-repo'
import { createNodeRepo } from '../src/modules/node/repo'
import { createNodeService } from '../src/modules/node/service'
import { createUpdateRepo } from '../src/modules/node/update-repo'
import { createOnboardingRepo } from '../src/modules/onboarding/repo'
import { NodeHostError, type NodeHost } from '../src/wallets/nodehost/node-host'
import { SimnetNodeHost } from '../src/wallets/nodehost/simnet-node-host'
import { appCode, rejection, until } from './assertions'
import { scenario } from './harness'

const t = await scenario({ simnet: true, business: 'own-node-with-channel' })
afterAll(t.close)
const { env, net } = t
const { b, businessId } = t.owner

const info = () => b.caller.node.updateInfo({ businessId })
const status = () => b.caller.node.status({ businessId })

describe('node update', () => {
  it('offers nothing until the operator publishes a version', async () => {
    expect(await info()).toMatchObject({
      currentVersion: '0.18.5-beta',
      latest: null,
      isUpdateAvailable: false,
      update: null,
    })
    const refused = await rejection(b.caller.node.update({ businessId, version: '0.19.1-beta' }))
    expect(appCode(refused)).toBe('CONFLICT')
  })

  it('fails clearly when the host cannot update, and nothing changes', async () => {
    await createUpdateRepo(env.database.db).publish('0.19.1-beta', 'Faster start')
    const { url, token } = net.externals.nodeHost as { url: string; token: string }
    const real = new SimnetNodeHost(url, token)
    const brokenHost: NodeHost = {
      kind: 'simnet',
      requestNode: (id, signal) => real.requestNode(id, signal),
      getNode: (id, signal) => real.getNode(id, signal),
      restart: (id, signal) => real.restart(id, signal),
      update: () => Promise.reject(new NodeHostError('the host is down', 'unavailable')),
    }
    const nodes = createNodeService({
      repo: createNodeRepo(env.database.db),
      backupRepo: createBackupRepo(env.database.db),
      updateRepo: createUpdateRepo(env.database.db),
      host: brokenHost,
      secrets: env.services.secrets,
      onboardingRepo: createOnboardingRepo(env.database.db, env.services.secrets),
    })
    await expect(nodes.updates.start(businessId, '0.19.1-beta')).rejects.toMatchObject({
      code: 'NODE_UPDATE_FAILED',
    })
    expect((await info()).update).toMatchObject({ state: 'failed', toVersion: '0.19.1-beta' })
    expect((await status()).isReady).toBe(true)
  })

  it('backs up, updates, refuses payments meanwhile, and comes back locked on the new version', async () => {
    const offer = await info()
    expect(offer).toMatchObject({
      isUpdateAvailable: true,
      latest: { version: '0.19.1-beta', notes: 'Faster start' },
    })
    const stale = await rejection(b.caller.node.update({ businessId, version: '0.19.0-beta' }))
    expect(appCode(stale)).toBe('CONFLICT')

    // The host keeps installing until the test has seen the node updating.
    await net.control('POST', '/nodehost/steps/updating/hold')
    const backupBefore = (await b.caller.node.backupInfo({ businessId })).last
    await b.caller.node.update({ businessId, version: '0.19.1-beta' })
    const backupAfter = (await b.caller.node.backupInfo({ businessId })).last
    expect(backupAfter).not.toBeNull()
    expect(backupAfter?.verifiedAt).not.toEqual(backupBefore?.verifiedAt)
    expect((await info()).update).toMatchObject({ state: 'updating' })

    const during = await rejection(
      b.caller.payments.createLightning({ businessId, amount: { sat: 1_000 } }),
    )
    expect(appCode(during)).toBe('NODE_NOT_READY')
    await net.control('POST', '/nodehost/steps/updating/release')

    await until(status, (s) => s.hostState === 'locked', 'the node back, locked')
    expect(await info()).toMatchObject({
      currentVersion: '0.19.1-beta',
      isUpdateAvailable: false,
      update: { state: 'done', fromVersion: '0.18.5-beta', toVersion: '0.19.1-beta' },
    })
    await b.caller.node.unlock({ businessId, password: 'my node password' })
    await until(status, (s) => s.isReady, 'the node ready again')
    const details = await b.caller.node.details({ businessId })
    expect(details.node?.version).toMatch(/^0\.19\.1-beta/)
  })
})

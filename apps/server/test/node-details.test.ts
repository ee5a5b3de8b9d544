/**
 * `node.details`: the running node's identity, balances and channels as lnd reports them; a
 * payment moves sats from receivable to spendable while their sum stays the same; a locked node
 * has its status only; a host out of reach is NODE_DATA_UNAVAILABLE; no node is NOT_FOUND.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { createBackupRepo } from '../src/modules/node/backup-repo'
import { createNodeRepo } from '../src/modules/node/repo'
import { createUpdateRepo } from '../src/modules/node/update-repo'
import { createNodeService } from '../src/modules/node/service'
import { createOnboardingRepo } from '../src/modules/onboarding/repo'
import { SimnetNodeHost } from '../src/wallets/nodehost/simnet-node-host'
import { exchangeBusiness, nwcBusiness, paidLightning } from './businesses'
import { appCode, rejection, until } from './assertions'
import { scenario } from './harness'

const t = await scenario({ simnet: true, realtime: true, business: 'own-node-with-channel' })
afterAll(t.close)
const { env, net } = t
const { b, businessId } = t.owner

const details = () => b.caller.node.details({ businessId })

describe('node details', () => {
  it('shows the running node: identity, balances, its channel to the provider', async () => {
    const d = await details()
    const node = d.node
    if (!node) throw new Error('expected a running node')
    expect(d.status).toMatchObject({ isReady: true, hostState: 'running' })
    expect(d.currency).toBe('GBP')
    expect(node.pubkey).toMatch(/^0[23][0-9a-f]{64}$/)
    expect(node.pubkey).toBe(d.status.pubkey)
    expect(node.uri).toMatch(new RegExp(`^${node.pubkey}@[^:]+:9735$`))
    expect(node.version).toMatch(/^0\.\d+\.\d+-beta/)
    expect(node.syncedToChain).toBe(true)
    expect(node.syncedToGraph).toBe(true)
    expect(node.blockHeight).toBe(net.simnet.world.chain.tipHeight())
    // The merchant's channel (its deposit) and the one the provider opens to match it.
    expect(node.channels).toHaveLength(2)
    for (const channel of node.channels) {
      expect(channel).toMatchObject({ state: 'active', isLiquidityProvider: true })
      expect(channel.localSat + channel.remoteSat).toBeLessThanOrEqual(channel.capacitySat)
    }
    const { channels } = node
    const sum = (pick: (c: (typeof channels)[number]) => number) =>
      channels.reduce((total, c) => total + pick(c), 0)
    expect(node.lightning.spendableSat).toBe(sum((c) => c.localSat))
    expect(node.lightning.receivableSat).toBe(sum((c) => c.remoteSat))
    expect(node.lightning.receivableSat).toBeGreaterThan(0)
    expect(node.onchain.reservedAnchorSat).toBeGreaterThan(0)
  })

  it('a payment moves sats from receivable to spendable; their sum stays the same', async () => {
    const before = (await details()).node!
    await paidLightning(t.owner, net, 7_000)
    const after = (await details()).node!
    expect(after.lightning.spendableSat).toBe(before.lightning.spendableSat + 7_000)
    expect(after.lightning.receivableSat).toBe(before.lightning.receivableSat - 7_000)
    expect(after.lightning.spendableSat + after.lightning.receivableSat).toBe(
      before.lightning.spendableSat + before.lightning.receivableSat,
    )
  })

  it('says when receiving capacity is low', async () => {
    const before = (await details()).node!
    expect(before.isInboundLow).toBe(false)
    // Paid until less than a tenth of the channels' capacity is left to receive.
    const capacity = before.channels.reduce((total, c) => total + c.capacitySat, 0)
    const amountSat = before.lightning.receivableSat - Math.floor(capacity / 20)
    await paidLightning(t.owner, net, amountSat)
    expect((await details()).node!.isInboundLow).toBe(true)
  })

  it('a locked node has its status only', async () => {
    await t.nodeHost('restart')
    const locked = await until(details, (d) => d.status.hostState === 'locked', 'locked')
    expect(locked.node).toBeNull()
    await b.caller.node.unlock({ businessId, password: 'my node password' })
    await until(details, (d) => d.node !== null, 'the node running again')
  })

  it('a node host out of reach is NODE_DATA_UNAVAILABLE; no node is NOT_FOUND', async () => {
    const cutOff = createNodeService({
      repo: createNodeRepo(env.database.db),
      backupRepo: createBackupRepo(env.database.db),
      updateRepo: createUpdateRepo(env.database.db),
      host: new SimnetNodeHost('http://127.0.0.1:1/nodehost/v1', 'token'),
      secrets: env.services.secrets,
      onboardingRepo: createOnboardingRepo(env.database.db, env.services.secrets),
    })
    await expect(cutOff.details(businessId)).rejects.toMatchObject({
      code: 'NODE_DATA_UNAVAILABLE',
    })
    const other = await nwcBusiness(env, net)
    const none = await rejection(other.b.caller.node.details({ businessId: other.businessId }))
    expect(appCode(none)).toBe('NOT_FOUND')
  })

  it('tells "Settings" which kind of wallet the business has', async () => {
    expect(await b.caller.walletDetails.kind({ businessId })).toEqual({ kind: 'lightningNode' })
    const nwc = await nwcBusiness(env, net)
    expect(await nwc.b.caller.walletDetails.kind({ businessId: nwc.businessId })).toEqual({
      kind: 'nwc',
    })
    const exchange = await exchangeBusiness(env, net)
    expect(await exchange.b.caller.walletDetails.kind({ businessId: exchange.businessId })).toEqual(
      { kind: 'exchange' },
    )
  })
})

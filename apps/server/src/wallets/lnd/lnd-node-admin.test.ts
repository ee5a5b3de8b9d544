/**
 * The node administration port's lnd adapter against simnet's lnd and loopd: a hosted node from
 * a new wallet to an open channel, its backup, Loop terms and autoloop settings, and a restart
 * that locks it until the right password comes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from '../../../test/assertions'
import { scenario } from '../../../test/harness'
import { nodeAdminFor, type NodeEndpoint } from '../factory'
import { NodeRefusedError, NodeUnreachableError, type NodeAdmin } from '../node-admin'
import { SimnetNodeHost } from '../nodehost/simnet-node-host'

const t = await scenario({ simnet: true, server: false })
afterAll(t.close)
const net = t.net
let host: SimnetNodeHost
let hostNodeId: string
let endpoint: NodeEndpoint
let admin: NodeAdmin
const password = 'admin port password'

const mine = (blocks: number) => net.control('POST', '/mine', { blocks })

beforeAll(async () => {
  const { nodeHost } = net.externals
  if (nodeHost.kind !== 'simnet') throw new Error('the test simnet hosts nodes')
  host = new SimnetNodeHost(nodeHost.url, nodeHost.token)
  hostNodeId = (await host.requestNode('admin-port')).hostNodeId
  const view = await until(
    () => host.getNode(hostNodeId),
    (v) => v.state === 'waiting_for_initialisation',
    'the node to wait for its wallet',
  )
  endpoint = {
    restUrl: view.lnd!.restUrl,
    tlsCertPem: view.lnd!.tlsCertPem,
    loopRestUrl: view.loop?.restUrl ?? null,
    macaroonHex: null,
  }
})

describe('lnd node administration', () => {
  it('creates the wallet and reports the node', async () => {
    const unlocker = nodeAdminFor(endpoint)
    expect(await unlocker.walletState()).toBe('NON_EXISTING')
    const created = await unlocker.createWallet(password)
    expect(created.seedWords).toHaveLength(24)
    expect(created.macaroonHex).toMatch(/^[0-9a-f]+$/)
    endpoint = { ...endpoint, macaroonHex: created.macaroonHex }
    admin = nodeAdminFor(endpoint)
    await until(
      () => admin.walletState(),
      (s) => s === 'SERVER_ACTIVE',
      'the wallet to run',
    )
    const info = await admin.info()
    expect(info.pubkey).toMatch(/^0[23][0-9a-f]{64}$/)
    expect(info).toMatchObject({ activeChannels: 0, pendingChannels: 0 })
    expect(info.blockHeight).toBeGreaterThan(0)
  })

  it('receives on chain: address, transactions and balance', async () => {
    const address = await admin.newAddress()
    expect(address).toMatch(/^bcrt1q/)
    await net.control('POST', '/send', { address, amountSat: 500_000 })
    const unconfirmed = await until(
      () => admin.onchainTransactions(),
      (txs) => txs.some((t) => t.outputs.some((o) => o.address === address)),
      'the deposit to show',
    )
    const tx = unconfirmed.find((t) => t.outputs.some((o) => o.address === address))!
    expect(tx.confirmations).toBe(0)
    expect(tx.amountSat).toBe(500_000)
    expect(tx.outputs.find((o) => o.address === address)).toEqual({
      address,
      amountSat: 500_000,
      isOurs: true,
    })
    expect(await admin.onchainBalance()).toMatchObject({ confirmedSat: 0, unconfirmedSat: 500_000 })
    await mine(1)
    const balance = await until(
      () => admin.onchainBalance(),
      (b) => b.confirmedSat === 500_000,
      'the deposit to confirm',
    )
    expect(balance).toEqual({
      confirmedSat: 500_000,
      unconfirmedSat: 0,
      totalSat: 500_000,
      reservedAnchorSat: 0,
    })
    const confirmed = await admin.onchainTransactions()
    expect(confirmed.find((t) => t.txid === tx.txid)?.confirmations).toBe(1)
  })

  it('opens a channel: pending, then open with its liquidity, and backed up', async () => {
    const lsp = net.simnet.world.lightning.lsp.pubkey
    const { channelPoint } = await admin.openChannel({ peerPubkey: lsp, localFundingSat: 300_000 })
    expect(channelPoint).toMatch(/^[0-9a-f]{64}:\d+$/)
    const pending = await admin.pendingChannels()
    expect(pending).toEqual([
      expect.objectContaining({
        channelPoint,
        peerPubkey: lsp,
        capacitySat: 300_000,
        state: 'opening',
      }),
    ])
    expect((await admin.liquidity()).pendingOpenLocalSat).toBeGreaterThan(0)
    await mine(3)
    const channels = await until(
      () => admin.channels(),
      (c) => c.some((ch) => ch.channelPoint === channelPoint && ch.active),
      'the channel to open',
    )
    const channel = channels.find((c) => c.channelPoint === channelPoint)!
    expect(channel).toMatchObject({ peerPubkey: lsp, capacitySat: 300_000, active: true })
    expect(channel.localSat).toBeGreaterThan(250_000)
    expect(await admin.pendingChannels()).toEqual([])
    // The liquidity provider may answer with a channel of its own: liquidity covers them all.
    const liquidity = await admin.liquidity()
    expect(liquidity.localSat).toBe(channels.reduce((sum, c) => sum + c.localSat, 0))
    expect(liquidity.remoteSat).toBe(channels.reduce((sum, c) => sum + c.remoteSat, 0))
    expect(liquidity.pendingOpenLocalSat).toBe(0)
    expect((await admin.info()).activeChannels).toBe(channels.length)

    const backup = await admin.channelBackup()
    expect(backup.channelPoints.sort()).toEqual(channels.map((c) => c.channelPoint).sort())
    expect(Buffer.from(backup.multiChannelBackup, 'base64').length).toBeGreaterThan(0)
  })

  it('reads Loop terms and quotes, and keeps autoloop settings it did not change', async () => {
    const terms = await admin.loopOutTerms()
    expect(terms.minSat).toBeGreaterThan(0)
    expect(terms.maxSat).toBeGreaterThan(terms.minSat)
    const quote = await admin.loopOutQuote(terms.minSat, 6)
    expect(quote).toMatchObject({ amountSat: terms.minSat, confTarget: 6 })
    expect(quote.swapFeeSat).toBeGreaterThan(0)
    expect(await admin.swaps()).toEqual([])

    const before = await admin.autoloop()
    expect(before).toEqual({
      enabled: false,
      destAddress: null,
      budgetSat: 0,
      budgetStartSec: 0,
      maxInFlight: 1,
      rules: [],
      easyLocalTargetSat: null,
      feePpm: null,
    })
    const channel = (await admin.channels())[0]!
    const settings = {
      enabled: true,
      destAddress: null,
      budgetSat: 50_000,
      budgetStartSec: 1_700_000_000,
      maxInFlight: 2,
      easyLocalTargetSat: 400_000,
      feePpm: 20_000,
      rules: [
        {
          channelId: channel.channelId,
          peerPubkey: null,
          incomingThresholdPercent: 20,
          outgoingThresholdPercent: 30,
        },
      ],
    }
    await admin.setAutoloop(settings)
    expect(await admin.autoloop()).toEqual(settings)
    await admin.setAutoloop({ ...settings, enabled: false })
    expect(await admin.autoloop()).toEqual({ ...settings, enabled: false })
    const suggested = await admin.autoloopSuggestions()
    expect(suggested.loopOut).toEqual([])
    expect(new Set(suggested.disqualified.map((d) => d.reason))).toEqual(
      new Set(['AUTO_REASON_LIQUIDITY_OK']),
    )
    expect(suggested.disqualified.map((d) => d.channelId)).toContain(channel.channelId)
  })

  it('says a node it cannot reach is unreachable', async () => {
    const gone = nodeAdminFor({ ...endpoint, restUrl: 'https://127.0.0.1:1' })
    await expect(gone.walletState()).rejects.toBeInstanceOf(NodeUnreachableError)
    await expect(gone.onchainBalance()).rejects.toBeInstanceOf(NodeUnreachableError)
  })

  it('is locked after a restart until the right password unlocks it', async () => {
    const channelsBefore = (await admin.info()).activeChannels
    await host.restart(hostNodeId)
    await until(
      () => admin.walletState().catch(() => 'DOWN'),
      (s) => s === 'LOCKED',
      'the node to come back locked',
    )
    const locked = await admin.info().catch((err: unknown) => err)
    expect(locked).toBeInstanceOf(NodeRefusedError)
    expect((locked as NodeRefusedError).isLocked).toBe(true)

    const wrong = await admin.unlock('not the password').catch((err: unknown) => err)
    expect(wrong).toBeInstanceOf(NodeRefusedError)
    expect((wrong as NodeRefusedError).isWrongPassword).toBe(true)
    expect(await admin.walletState()).toBe('LOCKED')

    await admin.unlock(password)
    // lnd's unlocker is gone once the wallet is open; asking again counts as unlocked.
    await expect(admin.unlock(password)).resolves.toBeUndefined()
    await until(
      () => admin.walletState(),
      (s) => s === 'SERVER_ACTIVE',
      'the node to run again',
    )
    await until(
      () => admin.info(),
      (i) => i.activeChannels === channelsBefore,
      'the channels to come back',
    )
  })
})

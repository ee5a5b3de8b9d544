/**
 * What only the lnd adapter does: when its invoice stream breaks it reconnects and resumes
 * after the last settle index it handed over, so a payment settled while it was cut off is
 * reported once, and nothing earlier is reported again. The connection runs through a TCP
 * relay the test can cut.
 */
import net from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scenario } from '../../../test/harness'
import { backends, factoryDeps, watching } from '../../../test/wallet-contract'
import { lndClientFor } from '../factory'
import { LndWallet } from './lnd-wallet'

const t = await scenario({ simnet: true, server: false })
afterAll(t.close)
const sim = t.net
let relay: net.Server
let isCut = false
const sockets = new Set<net.Socket>()

beforeAll(async () => {
  await backends.find((b) => b.kind === 'lnd')!.setUp(sim, 'reconnecting')
  const target = new URL(sim.simnet.url)
  relay = net.createServer((client) => {
    if (isCut) return client.destroy()
    const upstream = net.connect(Number(target.port), target.hostname)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => {})
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
})
afterAll(async () => {
  for (const s of sockets) s.destroy()
  await new Promise((resolve) => relay?.close(resolve))
})

it('resumes after the last settle index when its stream comes back', async () => {
  const node = await factoryDeps.nodes.endpoint('reconnecting')
  const port = (relay.address() as net.AddressInfo).port
  const restUrl = node.restUrl.replace(/\/\/[^/]+/, `//127.0.0.1:${port}`)
  const wallet = new LndWallet(lndClientFor({ ...node, restUrl }), {
    reconnectMs: { initial: 300, max: 600 },
  })
  const pay = (invoice: string) => sim.control('POST', '/pay', { invoice })
  const before = await wallet.createInvoice({ amountSat: 1_000, memo: 'Before', expirySec: 600 })
  const during = await wallet.createInvoice({ amountSat: 2_000, memo: 'During', expirySec: 600 })
  // nothing pending: only the stream can report
  const watch = watching(wallet, () => [])
  try {
    await watch.ready
    await pay(before.paymentRequest)
    await watch.settled(before.paymentHash)

    isCut = true
    for (const s of sockets) s.destroy()
    await pay(during.paymentRequest)
    await new Promise((r) => setTimeout(r, 400))
    expect(watch.of(during.paymentHash)).toEqual([])
    isCut = false

    expect(await watch.settled(during.paymentHash)).toMatchObject([{ amountPaidSat: 2_000 }])
    expect(watch.of(before.paymentHash)).toHaveLength(1)
  } finally {
    await watch.stop()
  }
})

/**
 * A revoked device's open streams end: the terminal's `terminal.follow` and the POS API's
 * payment events end within 5 s of the device being deleted, signed out or given new
 * credentials, and a settlement after that reaches neither. And a device's kiosk mode switched in
 * the dashboard reaches its open terminal at once.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { until } from './assertions'
import { scenario } from './harness'

const t = await scenario({ simnet: true, realtime: true, http: 'listen', business: 'nwc' })
afterAll(t.close)
const { env, net, origin } = t
const { b, businessId } = t.owner

type Envelope<T> = { id: string; data: T } | [string, T, ...unknown[]]
const unwrap = <T>(e: Envelope<T>): T => (Array.isArray(e) ? e[1] : e.data)

interface Stream {
  statuses: string[]
  /** resolves with the time the stream ended */
  ended: Promise<number>
}

let n = 0
async function pairedDevice() {
  n += 1
  const mid = `MID-R${n}`
  const { device, credentials } = await b.caller.devices.create({
    businessId,
    name: `Counter ${n}`,
    mid,
  })
  const terminal = env.browser()
  await terminal.caller.device.signIn(credentials)
  const basic = `Basic ${Buffer.from(`${credentials.loginId}:${credentials.secret}`).toString('base64')}`
  const res = await fetch(`${origin}/api/v1/pos/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: basic, 'x-merchant-id': mid },
    body: JSON.stringify({
      amount: 1_500,
      currency: 'SAT',
      method: 'lightning',
      idempotencyKey: `revocation-${n}-${Date.now()}`,
    }),
  })
  expect(res.status).toBe(201)
  const payment = (await res.json()) as { id: string; paymentRequest: string }
  return { device, credentials, terminal, basic, mid, payment }
}

/** The POS API's event stream of a payment, read until the server ends it. */
async function posEvents(paymentId: string, headers: Record<string, string>): Promise<Stream> {
  const res = await fetch(`${origin}/api/v1/pos/payments/${paymentId}/events`, { headers })
  expect(res.status).toBe(200)
  const reader = res.body?.getReader()
  if (!reader) throw new Error('no body')
  const statuses: string[] = []
  const ended = (async () => {
    let buffer = ''
    for (;;) {
      const { value, done } = (await reader.read()) as { value?: Uint8Array; done: boolean }
      if (done) return Date.now()
      buffer += new TextDecoder().decode(value)
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, cut)
          .split('\n')
          .find((l) => l.startsWith('data: '))
        buffer = buffer.slice(cut + 2)
        if (data) statuses.push((JSON.parse(data.slice(6)) as { status: string }).status)
      }
    }
  })()
  return { statuses, ended }
}

/** The terminal's `terminal.follow` of a payment, read until the server ends it. */
async function terminalFollow(
  terminal: Awaited<ReturnType<typeof pairedDevice>>['terminal'],
  paymentId: string,
): Promise<Stream> {
  const views = await terminal.caller.terminal.follow({ paymentId })
  const statuses: string[] = []
  const ended = (async () => {
    for await (const e of views) statuses.push(unwrap(e as Envelope<{ status: string }>).status)
    return Date.now()
  })()
  return { statuses, ended }
}

/** Both streams a device follows a payment by: the terminal's, and the till's (POS API). */
async function followedBoth(
  d: Awaited<ReturnType<typeof pairedDevice>>,
  authorization = d.basic,
): Promise<Stream[]> {
  return [
    await terminalFollow(d.terminal, d.payment.id),
    await posEvents(d.payment.id, { authorization, 'x-merchant-id': d.mid }),
  ]
}

const opened = (s: Stream) =>
  until(
    () => Promise.resolve(s.statuses.length),
    (k) => k > 0,
    'the first event',
  )

async function expectEndedAfterRevocation(
  streams: Stream[],
  revoke: () => Promise<unknown>,
  payment: { id: string; paymentRequest: string },
) {
  for (const s of streams) await opened(s)
  const revokedAt = Date.now()
  await revoke()
  for (const s of streams) expect((await s.ended) - revokedAt).toBeLessThan(5_000)
  // paid afterwards: the settlement is recorded, and no ended stream was told
  await net.control('POST', '/pay', { invoice: payment.paymentRequest })
  await until(
    () => env.services.paymentRepo.find(businessId, payment.id),
    (row) => row?.status === 'settled',
    'the payment to settle',
  )
  for (const s of streams) expect(s.statuses).toEqual(['pending'])
}

describe("a revoked device's streams", () => {
  it('end within 5 s of the device being deleted', async () => {
    const d = await pairedDevice()
    const streams = await followedBoth(d)
    await expectEndedAfterRevocation(
      streams,
      () =>
        b.caller.devices.delete({ businessId, deviceId: d.device.id, confirmName: d.device.name }),
      d.payment,
    )
  })

  it('end within 5 s of the device being signed out (cookie and bearer sessions)', async () => {
    const d = await pairedDevice()
    const session = await fetch(`${origin}/api/v1/pos/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(d.credentials),
    })
    const { token } = (await session.json()) as { token: string }
    const streams = await followedBoth(d, `Bearer ${token}`)
    await expectEndedAfterRevocation(
      streams,
      () => b.caller.devices.signOut({ businessId, deviceId: d.device.id }),
      d.payment,
    )
  })

  it('end within 5 s of new credentials, and a changed MID ends a till stream', async () => {
    const d = await pairedDevice()
    const streams = await followedBoth(d)
    await expectEndedAfterRevocation(
      streams,
      () => b.caller.devices.regenerate({ businessId, deviceId: d.device.id }),
      d.payment,
    )

    const other = await pairedDevice()
    const till = await posEvents(other.payment.id, {
      authorization: other.basic,
      'x-merchant-id': other.mid,
    })
    const terminal = await terminalFollow(other.terminal, other.payment.id)
    await opened(till)
    await opened(terminal)
    const changedAt = Date.now()
    await b.caller.devices.update({ businessId, deviceId: other.device.id, mid: 'MID-NEW' })
    expect((await till.ended) - changedAt).toBeLessThan(5_000)
    // the terminal's session still stands: its stream goes on to the settlement
    await net.control('POST', '/pay', { invoice: other.payment.paymentRequest })
    await terminal.ended
    expect(terminal.statuses).toEqual(['pending', 'settled'])
  })
})

describe('the kiosk switch', () => {
  it("reaches the device's open terminal at once, read from the device as it is now", async () => {
    const d = await pairedDevice()
    const stream = (await d.terminal.caller.terminal.events())[Symbol.asyncIterator]()
    type Ev = { signedIn: boolean; kiosk?: boolean }
    const next = async () => unwrap((await stream.next()).value as Envelope<Ev>)
    expect(await next()).toMatchObject({ signedIn: true, kiosk: false })
    const switchedAt = Date.now()
    await b.caller.devices.update({ businessId, deviceId: d.device.id, isKiosk: true })
    expect(await next()).toMatchObject({ signedIn: true, kiosk: true })
    expect(Date.now() - switchedAt).toBeLessThan(5_000)
    await b.caller.devices.update({ businessId, deviceId: d.device.id, isKiosk: false })
    expect(await next()).toMatchObject({ signedIn: true, kiosk: false })
    await b.caller.devices.signOut({ businessId, deviceId: d.device.id })
    expect(await next()).toEqual({ signedIn: false })
    expect((await stream.next()).done).toBe(true)
  })
})

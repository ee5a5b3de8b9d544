/**
 * A paired terminal as tests use it: the owner's business gets staff, Rita (every permission,
 * PIN RITA_PIN) and Sam (who may do nothing, PIN SAM_PIN), and a device signed in with Rita's
 * PIN; payments taken at it and paid by simnet's payer.
 */
import { randomUUID } from 'node:crypto'
import { until } from './assertions'
import type { TestSimnet } from './simnet'
import type { TestBrowser, TestEnv } from './test-env'

export const PERMITTED = { eodReport: true, refundReport: true, refund: true }
export const NOTHING = { eodReport: false, refundReport: false, refund: false }
/** Rita may refund and see reports: her PIN has the digits those need. */
export const RITA_PIN = '246813'
export const SAM_PIN = '1357'

/**
 * The owner's business gets staff, Rita (every permission) and Sam (who may do nothing), and a
 * terminal signed in with Rita.
 */
export async function withTerminal(
  w: { env: TestEnv; net: TestSimnet },
  { b, businessId }: { b: TestBrowser; businessId: string },
) {
  const staff = (name: string, pin: string, permissions: typeof PERMITTED) =>
    b.caller.staff.create({ businessId, name, language: 'en', permissions, pin })
  const rita = await staff('Rita', RITA_PIN, PERMITTED)
  const sam = await staff('Sam', SAM_PIN, NOTHING)
  const { device, credentials } = await b.caller.devices.create({ businessId, name: 'Counter' })
  const d = w.env.browser()
  await d.caller.device.signIn(credentials)
  await d.caller.device.staffSignIn({ staffId: rita.id, pin: RITA_PIN })
  const business = await w.env.database.db
    .selectFrom('businesses')
    .select(['id', 'currency'])
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow()

  /** A payment taken at the terminal by `staffId`, paid by the payer and settled. */
  async function paid(amount: { fiatMinor: number } | { sat: number }, staffId = rita.id) {
    const view = await w.env.services.payments.createLightning(business, {
      amount,
      memo: 'Flat white',
      idempotencyKey: randomUUID(),
      origin: { deviceId: device.id, staffId, orderReference: null },
    })
    if (!view.paymentRequest) throw new Error('no invoice')
    await w.net.control('POST', '/pay', { invoice: view.paymentRequest })
    return until(
      () => w.env.services.paymentRepo.find(businessId, view.id),
      (row) => row?.status === 'settled',
      'the payment to settle',
    ).then((row) => ({
      id: view.id,
      amountSat: Number(row?.amountSat),
      fiatMinor: Number(row?.fiatMinor),
    }))
  }

  /** A payment keyed in at the terminal by whoever is signed in, with a tip, paid and settled. */
  async function charged(sat: number, tip = 0) {
    const view = await d.caller.terminal.charge({
      amount: { sat },
      tip,
      method: 'lightning',
      idempotencyKey: randomUUID(),
    })
    if (!view.paymentRequest) throw new Error('no invoice')
    await w.net.control('POST', '/pay', { invoice: view.paymentRequest })
    await until(
      () => w.env.services.paymentRepo.find(businessId, view.id),
      (row) => row?.status === 'settled',
      'the payment to settle',
    )
    return view.id
  }

  return { b, businessId, device, credentials, d, rita, sam, paid, charged }
}

export type PairedTerminal = Awaited<ReturnType<typeof withTerminal>>

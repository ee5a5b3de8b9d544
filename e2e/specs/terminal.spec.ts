/**
 * The terminal in a second browser context: paired by its pairing link, a staff member signs in
 * with a PIN and the screens turn Dutch, a payment with a 10 % tip paid through simnet, the paid
 * screen and the receipt the customer opens (dated as a British shop writes it); an unknown
 * RFID card refused, assigned in the dashboard, then signing in; kiosk mode showing the till's
 * payment, paid (offering no new payment), with the till's webhook; and the dashboard revoking
 * the device sending the terminal back to pairing.
 */
import { expect, test } from '@playwright/test'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ownerWithNwcWallet } from '../support/application'
import { simnet } from '../support/simnet'
import {
  keyPin,
  ownerCall,
  PHONE,
  shoot,
  terminalPage,
  terminalQuery,
  type Device,
  NO_PERMISSIONS,
  pairingPath,
} from '../support/terminal'

test('pair, staff PIN in Dutch, a payment with a 10 % tip, the receipt, then revoked', async ({
  page,
  browser,
  baseURL,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'terminal' })
  const businessId = await ownerWithNwcWallet(page, 'Terminal Café', uri)
  await ownerCall(page, 'staff.create', {
    businessId,
    name: 'Noor',
    language: 'nl',
    pin: '246813',
    permissions: { ...NO_PERMISSIONS, eodReport: true },
  })
  const { device, credentials } = await ownerCall<Device>(page, 'devices.create', {
    businessId,
    name: 'Counter',
    isKiosk: false,
  })

  const t = await terminalPage(browser, baseURL ?? '')
  await t.page.clock.install()
  await t.page.goto('/terminal/pair')
  await expect(t.page.getByRole('heading', { name: 'Pair this terminal' })).toBeVisible()
  await shoot(t.page, 'pair')
  // The pairing QR is a link to this host: opening it pairs the terminal.
  await t.page.goto(pairingPath(credentials))
  // Noor is the only staff member: picked already, her PIN next
  await expect(t.page.getByRole('heading', { name: 'Noor' })).toBeVisible()
  expect(t.page.url()).not.toContain('secret')
  // remembered for the next first load: the staff sign-in's chunks come with the entry
  const screenHint = () => t.page.evaluate<string | null>("localStorage.getItem('terminalPaired')")
  expect(await screenHint()).toBe('staff')
  await shoot(t.page, 'staff')
  await keyPin(t.page, '246813')
  await expect.poll(screenHint).toBe('1')

  // Noor prefers Dutch.
  await t.page.getByRole('button', { name: 'Menu' }).click()
  await expect(t.page.getByRole('button', { name: 'Dagafsluiting' })).toBeVisible()
  await expect(t.page.getByRole('button', { name: 'Terugbetalingen' })).toHaveCount(0)
  await shoot(t.page, 'menu')
  await t.page.getByRole('button', { name: 'Menu' }).click()
  await expect(t.page.getByRole('group', { name: 'Toetsenblok' })).toBeVisible()
  await t.page.keyboard.type('12')
  await t.page.getByRole('button', { name: '10 %' }).click()
  await expect(t.page.getByTestId('calculation')).toContainText('fooi')
  // amounts in Dutch: a decimal comma
  await expect(t.page.getByTestId('calculation')).toContainText('13,20')
  await shoot(t.page, 'keypad-tip')
  await t.page.getByRole('button', { name: 'Lightning' }).click()
  await expect(t.page.getByText('Wachten op betaling…')).toBeVisible()
  await expect(t.page.getByText(/Inclusief .*1,20 fooi/)).toBeVisible()
  await shoot(t.page, 'qr')

  const paymentId = new URL(t.page.url()).searchParams.get('payment') ?? ''
  const payment = await terminalQuery<{ paymentRequest: string; tipFiatMinor: number }>(
    t.page,
    'terminal.get',
    { paymentId },
  )
  expect(payment.tipFiatMinor).toBe(120)
  // The paid screen makes way for the keypad a few seconds after it appears: with the page's
  // time standing still (its timers still run) it stays until the receipt is asked for.
  await t.page.clock.setFixedTime(Date.now())
  await simnet('POST', '/pay', { invoice: payment.paymentRequest })
  await expect(t.page.getByText('Betaling ontvangen')).toBeVisible()
  await t.page.getByRole('button', { name: 'Bon-QR' }).click()
  await t.page.clock.setSystemTime(Date.now())
  await shoot(t.page, 'paid-receipt')
  if (process.env.E2E_SCREENSHOTS) {
    // what the print dialog gets: the receipt alone, on the roll's width
    await t.page.emulateMedia({ media: 'print' })
    await t.page.screenshot({
      path: 'e2e/screenshots/terminal/receipt-print-58mm.png',
      animations: 'disabled',
    })
    await t.page.emulateMedia({ media: 'screen' })
  }
  const receiptUrl = (await t.page.getByTestId('receipt-link').getAttribute('href')) ?? ''
  expect(receiptUrl).toMatch(/\/receipt\/[0-9a-f-]{36}[A-Za-z0-9_-]{22}$/)

  // The customer opens the receipt on their phone, signed in to nothing.
  const customer = await terminalPage(browser, baseURL ?? '')
  await customer.page.goto(new URL(receiptUrl).pathname)
  const receipt = customer.page.getByRole('article', { name: 'Receipt' })
  await expect(receipt.getByText('Terminal Café')).toBeVisible()
  await expect(receipt.getByText('Noor')).toBeVisible()
  await expect(receipt.getByText(/1\.20/)).toBeVisible()
  await expect(receipt.getByText(/13\.20/)).toBeVisible()
  // dated as a British shop writes it ("27 Nov 2026, 11:42"), not the American way
  await expect(receipt.getByText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/)).toBeVisible()
  await shoot(customer.page, 'public-receipt')
  await customer.context.close()
  // a phone set to Dutch shows it in Dutch, as the terminal's screens
  const dutch = await browser.newContext({ baseURL, viewport: PHONE, locale: 'nl-NL' })
  const dutchPage = await dutch.newPage()
  await dutchPage.goto(new URL(receiptUrl).pathname)
  const bon = dutchPage.getByRole('article', { name: 'Bon' })
  await expect(bon.getByText('Geholpen door')).toBeVisible()
  await expect(bon.getByText(/13,20/)).toBeVisible()
  await dutch.close()

  // Revoked in the dashboard: back to pairing within seconds.
  await ownerCall(page, 'devices.regenerate', { businessId, deviceId: device.id })
  await expect(t.page).toHaveURL(/\/terminal\/pair$/)
  await t.context.close()
})

test('an unknown RFID card is refused, assigned in the dashboard, then signs in', async ({
  page,
  browser,
  baseURL,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'rfid' })
  const businessId = await ownerWithNwcWallet(page, 'Card Corner', uri)
  await ownerCall(page, 'staff.create', {
    businessId,
    name: 'Sam',
    language: 'en',
    pin: '97531',
    permissions: NO_PERMISSIONS,
  })
  const { credentials } = await ownerCall<Device>(page, 'devices.create', {
    businessId,
    name: 'Side till',
    isKiosk: false,
    mid: 'SIDE-1',
  })
  const t = await terminalPage(browser, baseURL ?? '')
  // Paired by typing the login id and secret.
  await t.page.goto('/terminal')
  await expect(t.page).toHaveURL(/\/terminal\/pair$/)
  await t.page.getByLabel('Login id').fill(credentials.loginId)
  await t.page.getByLabel('Secret').fill(credentials.secret)
  await t.page.getByRole('button', { name: 'Pair', exact: true }).click()
  await expect(t.page.getByRole('heading', { name: 'Sam' })).toBeVisible()

  // A reader types the tag fast, then Enter.
  await t.page.keyboard.type('04A1B2C3D4', { delay: 5 })
  await t.page.keyboard.press('Enter')
  await expect(t.page.getByText('This card is not known.')).toBeVisible()
  await shoot(t.page, 'staff-unknown-card')

  await page.goto(`/${businessId}/devices/stafflogins`)
  await page.getByLabel('Assign tag 04A1B2C3D4 to').selectOption({ label: 'Sam' })
  await expect(page.getByText('Tag 04A1B2C3D4 assigned')).toBeVisible()

  await t.page.keyboard.type('04A1B2C3D4', { delay: 5 })
  await t.page.keyboard.press('Enter')
  await expect(t.page.getByRole('group', { name: 'Keypad' })).toBeVisible()
  await expect(t.page.getByRole('banner').getByText('Sam')).toBeVisible()

  // A payment the till creates for this (not kiosk) terminal is offered on its screen.
  const auth = `Basic ${Buffer.from(`${credentials.loginId}:${credentials.secret}`).toString('base64')}`
  const till = await page.request.post('/api/v1/pos/payments', {
    headers: { authorization: auth, 'x-merchant-id': 'SIDE-1' },
    data: { amount: 300, currency: 'SAT', method: 'lightning', idempotencyKey: 'side-order-1' },
  })
  expect(till.status()).toBe(201)
  await t.page.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(t.page.getByText('Waiting for payment…')).toBeVisible()
  await t.page.getByRole('button', { name: 'Cancel payment' }).click()
  await expect(t.page.getByRole('group', { name: 'Keypad' })).toBeVisible()

  // Without a connection the terminal says so, and recovers when it is back.
  await t.context.setOffline(true)
  await expect(t.page.getByRole('alert').filter({ hasText: 'Connection lost' })).toBeVisible()
  await shoot(t.page, 'connection-lost')
  await t.context.setOffline(false)
  await expect(t.page.getByRole('alert').filter({ hasText: 'Connection lost' })).toHaveCount(0)
  await t.context.close()
})

test('kiosk: the till creates a payment, the terminal shows it, simnet pays, the webhook arrives', async ({
  page,
  browser,
  baseURL,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'kiosk' })
  const businessId = await ownerWithNwcWallet(page, 'Kiosk Kitchen', uri)
  await ownerCall(page, 'deviceSettings.update', { businessId, theme: 'dark' })
  const { device, credentials } = await ownerCall<Device>(page, 'devices.create', {
    businessId,
    name: 'Self-service',
    isKiosk: true,
    mid: 'KIOSK-7',
  })
  const received: string[] = []
  const hooks = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => {
      received.push(body)
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve))
  const port = (hooks.address() as AddressInfo).port
  await ownerCall(page, 'pos.setWebhook', {
    businessId,
    deviceId: device.id,
    url: `http://127.0.0.1:${port}/hook`,
  })

  const t = await terminalPage(browser, baseURL ?? '')
  await t.page.clock.install()
  await t.page.goto(pairingPath(credentials))
  await expect(t.page.getByText('Waiting for the till…')).toBeVisible()
  await expect(t.page.locator('html')).toHaveClass(/terminal-dark/)
  await expect(t.page.getByRole('group', { name: 'Keypad' })).toHaveCount(0)
  await shoot(t.page, 'kiosk-waiting')

  const auth = `Basic ${Buffer.from(`${credentials.loginId}:${credentials.secret}`).toString('base64')}`
  const pos = (path: string, data?: unknown) =>
    page.request.post(`/api/v1/pos/payments${path}`, {
      headers: { authorization: auth, 'x-merchant-id': 'KIOSK-7' },
      data,
    })
  // A payment the till cancels disappears.
  const first = await pos('', {
    amount: 400,
    currency: 'SAT',
    method: 'lightning',
    idempotencyKey: 'kiosk-order-1',
  })
  const firstId = ((await first.json()) as { id: string }).id
  await expect(t.page.getByText('Waiting for payment…')).toBeVisible()
  expect((await pos(`/${firstId}/cancel`)).status()).toBe(200)
  await expect(t.page.getByText('Waiting for the till…')).toBeVisible()

  const created = await pos('', {
    amount: 900,
    currency: 'SAT',
    method: 'lightning',
    memo: 'Menu 3',
    idempotencyKey: 'kiosk-order-2',
  })
  expect(created.status()).toBe(201)
  const { paymentRequest } = (await created.json()) as { paymentRequest: string }
  await expect(t.page.getByText('Menu 3')).toBeVisible()
  await shoot(t.page, 'kiosk-qr')
  // The paid screen stays while the page's time stands still (its timers still run), then goes
  // back to waiting by itself once its few seconds are past.
  await t.page.clock.setFixedTime(Date.now())
  await simnet('POST', '/pay', { invoice: paymentRequest })
  await expect(t.page.getByText('Payment received')).toBeVisible()
  // a kiosk's payments come from the till: its paid screen offers no new one
  await expect(t.page.getByRole('button', { name: 'New payment' })).toHaveCount(0)
  await expect(t.page.getByText(/Back to the keypad/)).toHaveCount(0)
  await shoot(t.page, 'kiosk-paid')
  await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0)
  expect(received[0]).toContain('"settled"')
  await expect(t.page.getByText('Payment received')).toBeVisible()
  await t.page.clock.setSystemTime(Date.now() + 60_000)
  await expect(t.page.getByText('Waiting for the till…')).toBeVisible()

  // The same in Dutch (a kiosk speaks its browser's language, or the one its page was opened in).
  await t.page.goto('/terminal?lng=nl')
  await expect(t.page.getByText('Wachten op de kassa…')).toBeVisible()
  const dutch = await pos('', {
    amount: 700,
    currency: 'SAT',
    method: 'lightning',
    memo: 'Menu 1',
    idempotencyKey: 'kiosk-order-3',
  })
  expect(dutch.status()).toBe(201)
  const dutchRequest = ((await dutch.json()) as { paymentRequest: string }).paymentRequest
  await expect(t.page.getByText('Menu 1')).toBeVisible()
  await t.page.clock.setFixedTime(Date.now())
  await simnet('POST', '/pay', { invoice: dutchRequest })
  await expect(t.page.getByText('Betaling ontvangen')).toBeVisible()
  await expect(t.page.getByRole('button', { name: 'Nieuwe betaling' })).toHaveCount(0)
  await shoot(t.page, 'kiosk-paid-nl')
  hooks.close()
  await t.context.close()
})

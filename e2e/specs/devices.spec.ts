/**
 * Devices and staff: a device login's credentials shown once (blurred until Reveal, copied,
 * gone after a reload); a staff login with permissions, and a tag a terminal did not know
 * assigned to it with one choice. With E2E_SCREENSHOTS=<folder>, the pages in en and de,
 * narrow and wide.
 */
import { expect, request, test } from '@playwright/test'
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ownerWithNwcWallet } from '../support/application'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'

/** A terminal: signs in with the device's credentials and calls its own procedures. */
async function terminal(baseURL: string, loginId: string, secret: string) {
  const ctx = await request.newContext({ baseURL })
  const call = async (procedure: string, input: unknown) =>
    ctx.post(`/trpc/${procedure}`, {
      headers: { 'x-trpc-source': 'terminal', 'content-type': 'application/json' },
      data: { json: input },
    })
  const signedIn = await call('device.signIn', { loginId, secret })
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  return { call, dispose: () => ctx.dispose() }
}

test('a device login: credentials shown once, revealed, copied, then gone', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'devices' })
  const businessId = await ownerWithNwcWallet(page, 'Device Diner', uri)
  await page.goto(`/${businessId}/devices/logins`)
  await expect(page.getByText('No devices yet')).toBeVisible()

  await page.getByRole('button', { name: 'New device' }).click()
  await page.getByLabel('Name').fill('Front till')
  await page.getByLabel('Merchant id (MID), optional').fill('MID 1')
  await page.getByRole('button', { name: 'Create device' }).click()
  await expect(page.getByText('No spaces; letters, digits and symbols only')).toBeVisible()
  await page.getByLabel('Merchant id (MID), optional').fill('MID-0001')
  await page.getByLabel('Kiosk mode').check()
  await page.getByRole('button', { name: 'Create device' }).click()

  const panel = page.getByTestId('device-credentials')
  await expect(panel.getByText('Shown only once')).toBeVisible()
  const secretCode = panel.locator('code').nth(1)
  await expect(secretCode).toHaveClass(/blur-sm/)
  await page.getByRole('button', { name: 'Reveal' }).click()
  await expect(secretCode).not.toHaveClass(/blur-sm/)
  const secret = (await secretCode.textContent()) ?? ''
  const loginId = (await panel.locator('code').first().textContent()) ?? ''
  expect(secret.length).toBeGreaterThanOrEqual(43)
  await panel.getByRole('button', { name: 'Copy secret' }).click()
  const folder = process.env.E2E_SCREENSHOTS
  if (folder) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({
        path: `${folder}/device-credentials-en-${width}.png`,
        fullPage: true,
      })
    }
    await page.setViewportSize({ width: 1280, height: 720 })
  }
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret)
  await expect(page.getByTestId('device-row').getByText('Never paired')).toBeVisible()

  // The terminal pairs with them; the list turns to online.
  const till = await terminal(baseURL ?? '', loginId, secret)
  await page.reload()
  await expect(page.getByText(secret)).toHaveCount(0)
  await expect(page.getByTestId('device-credentials')).toHaveCount(0)
  await expect(page.getByTestId('device-row').getByText('Online')).toBeVisible()
  await screenshots(page, `/${businessId}/devices/logins`, 'device-logins')

  // Delete only after typing the name; the terminal is signed out.
  await page.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('button', { name: 'Delete device' })
  await expect(confirm).toBeDisabled()
  await page.getByLabel('Type Front till to confirm').fill('Front till')
  await confirm.click()
  await expect(page.getByText('No devices yet')).toBeVisible()
  expect((await till.call('device.staffSignOut', {})).status()).toBe(401)
  await till.dispose()
})

test('a staff login with permissions, and an unrecognised tag assigned with one choice', async ({
  page,
  baseURL,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'staff' })
  const businessId = await ownerWithNwcWallet(page, 'Staff Bistro', uri)
  const created = await page.request.post('/trpc/devices.create', {
    headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
    data: { json: { businessId, name: 'Counter', isKiosk: false } },
  })
  const { credentials } = (
    (await created.json()) as {
      result: { data: { json: { credentials: { loginId: string; secret: string } } } }
    }
  ).result.data.json

  await page.goto(`/${businessId}/devices/stafflogins`)
  await page.getByRole('button', { name: 'New staff login' }).first().click()
  await page.getByLabel('Name').fill('Mia')
  await page.getByLabel('Preferred language').selectOption('nl')
  await page.getByLabel('PIN').fill('12ab')
  await page.getByRole('button', { name: 'Create staff login' }).click()
  await expect(
    page.getByText("4 to 8 digits, different from everyone else's").first(),
  ).toBeVisible()
  await page.getByLabel('PIN').fill('482613')
  await page.getByLabel('End-of-day report').check()
  await page.getByLabel('Refunds at the terminal').check()
  await page.getByRole('button', { name: 'Create staff login' }).click()
  await expect(page.getByText('Staff login created')).toBeVisible()
  const card = page.getByTestId('staff-card')
  await expect(card.getByText('Mia')).toBeVisible()
  await expect(card.getByText('Dutch')).toBeVisible()
  await expect(card.getByText('End-of-day report')).toBeVisible()

  // A terminal reads a tag nobody holds; it waits on the page to be assigned.
  const till = await terminal(baseURL ?? '', credentials.loginId, credentials.secret)
  expect((await till.call('device.staffSignIn', { tag: '04:A2:3B:C1' })).status()).toBe(401)
  await page.reload()
  const unknown = page.getByTestId('unrecognised-tags')
  await expect(unknown.getByText('04A23BC1')).toBeVisible()
  await expect(unknown.getByText(/Counter/)).toBeVisible()
  await screenshots(page, `/${businessId}/devices/stafflogins`, 'staff-logins')
  await page.getByLabel('Assign tag 04A23BC1 to').selectOption({ label: 'Mia' })
  await expect(page.getByText('Tag 04A23BC1 assigned')).toBeVisible()
  await expect(page.getByTestId('unrecognised-tags')).toHaveCount(0)
  await expect(card.getByText('04A23BC1')).toBeVisible()
  // The tag now signs Mia in at the terminal.
  const signIn = await till.call('device.staffSignIn', { tag: '04A23BC1' })
  expect(signIn.status()).toBe(200)
  expect(await signIn.text()).toContain('Mia')
  await till.dispose()
})

/** A 2x1 PNG (with a pHYs metadata chunk the server drops). */
const PNG_2X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWOItvn6H4QBFEcFFxeswZsAAAAASUVORK5CYII=',
  'base64',
)

test('device settings: a logo uploaded and shown, a theme saved, a renamed file refused', async ({
  page,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'settings' })
  const businessId = await ownerWithNwcWallet(page, 'Settings Shop', uri)
  await page.goto(`/${businessId}/devices/settings`)
  await expect(page.getByText('Recommended width: 600 px').first()).toBeVisible()

  await page.getByTestId('upload-logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: PNG_2X1,
  })
  await expect(page.getByText('Image uploaded')).toBeVisible()
  const logo = page.getByRole('img', { name: 'Logo', exact: true })
  await expect(logo).toBeVisible()
  expect(
    await logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
  ).toBe(2)

  await page.getByTestId('upload-screenSaver').setInputFiles({
    name: 'saver.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  })
  await expect(page.getByText('File upload failed')).toBeVisible()
  await expect(page.getByText('Only PNG, JPEG or WebP images can be uploaded.')).toBeVisible()

  // Chosen from the keyboard: the upload's notices may cover the option on a short viewport.
  await page.getByRole('radio', { name: 'Dark' }).focus()
  await page.keyboard.press('Space')
  await expect(page.getByText('Device settings saved').first()).toBeVisible()
  await page.reload()
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
  await expect(page.getByRole('img', { name: 'Logo', exact: true })).toBeVisible()
  await screenshots(page, `/${businessId}/devices/settings`, 'device-settings')
})

test('a till takes a payment over the POS API, gets the signed webhook, and sales show the device', async ({
  page,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'pos' })
  const businessId = await ownerWithNwcWallet(page, 'Till Tavern', uri)
  const trpc = async <T>(procedure: string, input: unknown): Promise<T> => {
    const res = await page.request.post(`/trpc/${procedure}`, {
      headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
      data: { json: input },
    })
    expect(res.status(), await res.text()).toBe(200)
    return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
  }
  const { device, credentials } = await trpc<{
    device: { id: string }
    credentials: { loginId: string; secret: string }
  }>('devices.create', { businessId, name: 'Bar till', isKiosk: true, mid: 'TID-42' })

  // The till's webhook endpoint, in this test.
  const received: { signature: string; timestamp: string; body: string }[] = []
  const hooks = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => {
      received.push({
        signature: String(req.headers['x-signature']),
        timestamp: String(req.headers['x-signature-timestamp']),
        body,
      })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve))
  const port = (hooks.address() as AddressInfo).port
  const hook = await trpc<{ secret: string }>('pos.setWebhook', {
    businessId,
    deviceId: device.id,
    url: `http://127.0.0.1:${port}/hook`,
  })

  const auth = `Basic ${Buffer.from(`${credentials.loginId}:${credentials.secret}`).toString('base64')}`
  const refused = await page.request.post('/api/v1/pos/payments', {
    headers: { authorization: auth, 'x-merchant-id': 'TID-43' },
    data: { amount: 500, currency: 'SAT', method: 'lightning', idempotencyKey: 'till-order-0001' },
  })
  expect(refused.status()).toBe(403)
  const created = await page.request.post('/api/v1/pos/payments', {
    headers: { authorization: auth, 'x-merchant-id': 'TID-42' },
    data: {
      amount: 750,
      currency: 'SAT',
      method: 'lightning',
      memo: 'Two lemonades',
      orderReference: 'T-1001',
      idempotencyKey: 'till-order-0001',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const payment = (await created.json()) as { id: string; paymentRequest: string }
  await simnet('POST', '/pay', { invoice: payment.paymentRequest })

  await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0)
  const first = received[0]
  if (!first) throw new Error('no webhook')
  const expected = createHmac('sha256', hook.secret)
    .update(`${first.timestamp}.${first.body}`)
    .digest('hex')
  expect(first.signature).toBe(expected)
  expect(JSON.parse(first.body)).toMatchObject({
    event: 'payment.settled',
    payment: { id: payment.id, status: 'settled', orderReference: 'T-1001' },
  })
  hooks.close()

  // The transactions page names the device and filters by it.
  await page.goto(`/${businessId}/sales/transactions`)
  await page.getByLabel('Device').selectOption({ label: 'Bar till' })
  await expect(page).toHaveURL(/device=/)
  await expect(page.getByText('Two lemonades').first()).toBeVisible()
  await expect(page.locator('td').filter({ hasText: 'Bar till' })).toBeVisible()
  await screenshots(page, `/${businessId}/sales/transactions`, 'transactions-device')
  await page.goto(`/${businessId}/devices/logins`)
  await expect(page.getByText('Webhook deliveries')).toBeVisible()
  await expect(page.getByText('Delivered').first()).toBeVisible()
  await screenshots(page, `/${businessId}/devices/logins`, 'device-logins-webhooks')
})

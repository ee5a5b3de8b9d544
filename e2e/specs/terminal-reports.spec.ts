/**
 * End of day and refunds at the terminal (a second browser context signed in as its device):
 * three payments and a refund by LNURL-withdraw that simnet's payer claims, the X report and
 * the Z report Z-0001 with their totals, the refund report, a staff member without the
 * permission refused (page and server), and the owner's Z history and refund badge.
 */
import { expect, test, type Page } from '@playwright/test'
import { ownerWithNwcWallet } from '../support/application'
import { painted, screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'
import {
  ownerCall,
  PHONE,
  TERMINAL_SHOTS,
  staffIdAtTerminal,
  TABLET,
  terminalPage,
  terminalQuery,
  type Device,
  NO_PERMISSIONS,
} from '../support/terminal'

const ALL = { eodReport: true, refundReport: true, refund: true }

async function call<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const res = await page.request.post(`/trpc/${procedure}`, {
    headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
    data: { json: input },
  })
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

/** The screen at phone and tablet size, light and dark, into e2e/screenshots/terminal-reports. */
async function shoot(page: Page, name: string, themes: ('light' | 'dark')[] = ['light', 'dark']) {
  if (!process.env.E2E_SCREENSHOTS) return
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['tablet', TABLET],
  ] as const) {
    await page.setViewportSize(viewport)
    for (const theme of themes) {
      await page.evaluate(
        `document.documentElement.classList.toggle('terminal-dark', ${theme === 'dark'})`,
      )
      await painted(page)
      await page.screenshot({
        path: `e2e/screenshots/terminal-reports/${name}-${size}-${theme}.png`,
        fullPage: true,
        animations: 'disabled',
      })
    }
  }
  await page.evaluate(`document.documentElement.classList.remove('terminal-dark')`)
  await page.setViewportSize(PHONE)
}

test('EOD totals after three payments and an LNURL-withdraw refund; refused without permission', async ({
  page,
  browser,
  baseURL,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'eod' })
  const businessId = await ownerWithNwcWallet(page, 'Refund Café', uri)
  for (const [name, pin, permissions] of [
    ['Rita', '246813', ALL],
    ['Sam', '1357', NO_PERMISSIONS],
  ] as const) {
    await ownerCall(page, 'staff.create', { businessId, name, language: 'none', pin, permissions })
  }
  const { credentials } = await ownerCall<Device>(page, 'devices.create', {
    businessId,
    name: 'Counter',
    isKiosk: false,
  })
  const t = await terminalPage(browser, baseURL ?? '')
  await call(t.page, 'device.signIn', { loginId: credentials.loginId, secret: credentials.secret })
  const rita = await staffIdAtTerminal(t.page, 'Rita')
  await call(t.page, 'device.staffSignIn', { staffId: rita, pin: '246813' })
  // "Close and print" opens the print dialog: counted here instead
  await t.page.addInitScript('window.print = () => { window.printed = (window.printed ?? 0) + 1 }')
  const printed = () => t.page.evaluate<number>('window.printed ?? 0')

  // three payments taken at the terminal, paid by the customer's wallet
  for (const [sat, tip] of [
    [10_000, 1_000],
    [5_000, 0],
    [2_000, 0],
  ]) {
    const p = await call<{ id: string; paymentRequest: string }>(t.page, 'terminal.charge', {
      amount: { sat },
      tip,
      method: 'lightning',
      idempotencyKey: `eod-journey-${sat}`,
    })
    await simnet('POST', '/pay', { invoice: p.paymentRequest })
  }

  // a refund of part of the first payment, by a QR code the customer's wallet claims
  await t.page.goto('/terminal/refunds')
  await expect(t.page.getByRole('heading', { name: 'Refunds' })).toBeVisible()
  const first = t.page.getByRole('button').filter({ hasText: '11,000 sats' })
  await expect(first).toBeVisible()
  await shoot(t.page, 'refunds-list')
  await first.click()
  await t.page.getByRole('button', { name: 'sats', exact: true }).click()
  await t.page.getByRole('textbox', { name: 'Amount to refund' }).fill('4000')
  await shoot(t.page, 'refund-form')
  await t.page.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(t.page.getByText('Waiting for the customer')).toBeVisible()
  await expect(t.page.getByText(/Expires in \d+:\d\d/)).toBeVisible()
  await shoot(t.page, 'refund-qr')
  const lnurl = ((await t.page.getByTestId('refund-lnurl').getAttribute('href')) ?? '').replace(
    'lightning:',
    '',
  )
  const claimed = await simnet<{ amountSat: number; state: string }>('POST', '/lnurl-withdraw', {
    lnurl,
    wait: true,
  })
  expect(claimed).toMatchObject({ amountSat: 4_000, state: 'SETTLED' })
  await expect(t.page.getByText('The customer has received the refund.')).toBeVisible()
  await shoot(t.page, 'refund-paid')
  // a second claim of the same QR code is refused
  await expect(simnet('POST', '/lnurl-withdraw', { lnurl })).rejects.toThrow(/already claimed/)

  // the X report, then the Z report closing the shift
  await t.page.goto('/terminal/eod')
  const x = t.page.getByRole('article', { name: 'X report (shift Z-0001, open)' })
  await expect(x).toBeVisible()
  await expect(x.getByRole('row', { name: /Payments 3 .* 18,000 sats/ })).toBeVisible()
  await expect(x.getByRole('row', { name: /of which tips 1 .* 1,000 sats/ }).first()).toBeVisible()
  await expect(x.getByRole('row', { name: /Refunds 1 .*4,000 sats/ }).first()).toBeVisible()
  await expect(x.getByRole('row', { name: /Net .* 14,000 sats/ })).toBeVisible()
  await shoot(t.page, 'eod-x')
  // dates as a British shop writes them: "27/11/2026, 11:42"
  await expect(x.getByText(/Counter · \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} – /)).toBeVisible()
  await t.page.getByRole('button', { name: 'Close shift' }).click()
  await t.page.getByRole('button', { name: 'Close and print Z-0001' }).click()
  const z = t.page.getByRole('article', { name: 'Z report Z-0001' })
  await expect(z.getByRole('row', { name: /Payments 3 .* 18,000 sats/ })).toBeVisible()
  await expect(z.getByRole('row', { name: /Rita 3 .* 18,000 sats/ })).toBeVisible()
  await expect.poll(printed).toBe(1)
  await shoot(t.page, 'eod-z')
  await t.page.getByRole('button', { name: 'Back to the new shift' }).click()
  await expect(t.page.getByRole('article', { name: 'X report (shift Z-0002, open)' })).toBeVisible()
  // an empty shift closes too: nothing refunded reads "£0.00 / 0 sats", without a minus
  await t.page.getByRole('button', { name: 'Close shift' }).click()
  await t.page.getByRole('button', { name: 'Close and print Z-0002' }).click()
  const empty = t.page.getByRole('article', { name: 'Z report Z-0002' })
  await expect(empty.getByRole('row', { name: 'Refunds 0 £0.00 0 sats' })).toBeVisible()
  await expect(empty.getByText(/−/)).toHaveCount(0)
  await expect.poll(printed).toBe(2)
  await screenshots(
    t.page,
    '/terminal/eod',
    'terminal-eod-z-empty',
    async () => {
      await t.page.getByRole('button', { name: /Close shift|Dienst afsluiten/ }).click()
      await t.page.getByRole('button', { name: /Z-\d{4}/ }).click()
    },
    TERMINAL_SHOTS,
  )
  await t.page.goto('/terminal/eod')

  // the refund report: who refunded what today
  await t.page.goto('/terminal/refund-report')
  const report = t.page.getByRole('article', { name: 'Refund report' })
  await expect(report.getByText('by Rita at Counter')).toBeVisible()
  await expect(report.getByText('1 refund')).toBeVisible()
  await shoot(t.page, 'refund-report')

  // Sam may do none of it: the pages say so and the server refuses
  const sam = await staffIdAtTerminal(t.page, 'Sam')
  await call(t.page, 'device.staffSignIn', { staffId: sam, pin: '1357' })
  await t.page.goto('/terminal/refunds')
  await expect(t.page.getByRole('alert').getByText('Not allowed')).toBeVisible()
  await shoot(t.page, 'refused')
  const refused = await t.page.request.get(
    `/trpc/shifts.x?input=${encodeURIComponent(JSON.stringify({ json: null }))}`,
    { headers: { 'x-trpc-source': 'e2e' } },
  )
  expect(refused.status()).toBe(403)
  expect(await refused.text()).toContain('STAFF_PERMISSION_REQUIRED')

  // the owner: the device's Z history and the payment shown partly refunded
  await page.goto(`/${businessId}/devices/logins`)
  await page.getByRole('button', { name: 'Z reports' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Z-0001')).toBeVisible()
  await dialog.getByText('Z-0001').click()
  await expect(
    dialog.getByText('closed by Rita', { exact: false }).filter({ visible: true }),
  ).toBeVisible()
  // dates as the business's country writes them (a British café: day first, 24 hours)
  await expect(dialog.locator('summary').first()).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/)
  await shoot(page, 'dashboard-z-history', ['light'])
  await page.keyboard.press('Escape')
  const listed = await terminalQuery<{ items: { amountSat: number; refundState?: string }[] }>(
    page,
    'sales.transactions',
    { businessId },
  )
  expect(listed.items.map((i) => [i.amountSat, i.refundState ?? 'none'])).toEqual([
    [2_000, 'none'],
    [5_000, 'none'],
    [11_000, 'partly'],
  ])
  await page.goto(`/${businessId}/sales/transactions`)
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible()
  await shoot(page, 'dashboard-transactions', ['light'])
  await expect(page.getByText('Partly refunded').filter({ visible: true })).toHaveCount(1)
  await t.context.close()
})

/**
 * Ecash at the terminal: a staff member who reads Dutch keys in an amount, chooses ecash, and the
 * customer's Cashu token (minted by simnet) is pasted; a token for another amount is refused in
 * Dutch, the right one is taken, the paid screen and the receipt (method, Dutch date) follow, and
 * the X report counts the payment under ecash. A staff member the server signed out (as after
 * idling too long) is sent back to the staff screen by the next refused charge.
 */
import { expect, test } from '@playwright/test'
import { ownerWithNwcWallet } from '../support/application'
import { simnet } from '../support/simnet'
import {
  ownerCall,
  shoot,
  signInStaff,
  terminalPage,
  terminalQuery,
  type Device,
  pairingPath,
} from '../support/terminal'

const mint = async (amountSat: number) =>
  (await simnet<{ token: string }>('POST', '/cashu/token', { amountSat, format: 'B' })).token

test('ecash at the terminal: a token pasted for amount and tip, paid, on the X report', async ({
  page,
  browser,
  baseURL,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'ecash' })
  const businessId = await ownerWithNwcWallet(page, 'Munt Café', uri)
  await ownerCall(page, 'staff.create', {
    businessId,
    name: 'Lotte',
    language: 'nl',
    pin: '864213',
    permissions: { eodReport: true, refundReport: false, refund: false },
  })
  const { credentials } = await ownerCall<Device>(page, 'devices.create', {
    businessId,
    name: 'Bar',
    isKiosk: false,
  })

  const t = await terminalPage(browser, baseURL ?? '')
  await t.page.clock.install()
  await t.page.goto(pairingPath(credentials))
  await signInStaff(t.page, 'Lotte', '864213')
  await expect(t.page.getByRole('group', { name: 'Toetsenblok' })).toBeVisible()

  await t.page.keyboard.type('4')
  await t.page.getByRole('button', { name: '10 %' }).click()
  // on a phone (390 × 844) every method's button shows without scrolling, tip picker and all
  await expect(t.page.getByRole('button', { name: 'Ecash' })).toBeInViewport({ ratio: 1 })
  await t.page.getByRole('button', { name: 'Ecash' }).click()
  await expect(t.page.getByTestId('ecash-total')).toContainText('4,40')
  const dueSat = Number((await t.page.getByTestId('ecash-due-sat').innerText()).replace(/\D/g, ''))
  expect(dueSat).toBeGreaterThan(0)
  await shoot(t.page, 'ecash')

  // A token for another amount is refused, and nothing is taken of it.
  await t.page.getByLabel('Cashu-token').fill(await mint(dueSat * 2))
  await t.page.getByRole('button', { name: 'Afrekenen' }).click()
  await expect(t.page.getByRole('alert')).toContainText('niet voor het verschuldigde bedrag')

  await t.page.getByLabel('Cashu-token').fill(await mint(dueSat))
  // The paid screen makes way for the keypad a few seconds after it appears: with the page's
  // time standing still (its timers still run) it stays until the receipt is asked for.
  await t.page.clock.setFixedTime(Date.now())
  await t.page.getByRole('button', { name: 'Afrekenen' }).click()
  await expect(t.page.getByText('Betaling ontvangen')).toBeVisible()
  await expect(t.page.getByText(/Inclusief .*0,40 fooi/)).toBeVisible()
  await t.page.getByRole('button', { name: 'Bon-QR' }).click()
  await t.page.clock.setSystemTime(Date.now())
  await shoot(t.page, 'ecash-paid-receipt')
  // the receipt as printed: method, staff member, and the date in Dutch ("25 nov 2026, 06:10")
  await t.page.emulateMedia({ media: 'print' })
  const receipt = t.page.getByRole('article', { name: 'Bon' })
  await expect(receipt.getByText('Ecash')).toBeVisible()
  await expect(receipt.getByText('Lotte')).toBeVisible()
  await expect(
    receipt.getByText(/\d{1,2} (jan|feb|mrt|apr|mei|jun|jul|aug|sep|okt|nov|dec)\.? \d{4}/),
  ).toBeVisible()
  await expect(receipt.getByText(/4,40/)).toBeVisible()
  await t.page.emulateMedia({ media: 'screen' })

  const x = await terminalQuery<{ methods: { method: string; count: number; sat: number }[] }>(
    t.page,
    'shifts.x',
    undefined,
  )
  expect(x.methods).toEqual([expect.objectContaining({ method: 'ecash', count: 1, sat: dueSat })])
  await t.page.goto('/terminal/eod')
  await expect(t.page.getByRole('main').getByText('Ecash')).toBeVisible()

  // Signed out by the server (idle too long, or elsewhere): the next charge is refused and the
  // terminal returns to the staff screen.
  await t.page.goto('/terminal')
  await expect(t.page.getByRole('group', { name: 'Toetsenblok' })).toBeVisible()
  const out = await t.page.request.post('/trpc/device.staffSignOut', {
    headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
    data: {},
  })
  expect(out.status()).toBe(200)
  await t.page.keyboard.type('3')
  await t.page.getByRole('button', { name: 'Lightning' }).click()
  await expect(t.page).toHaveURL(/\/terminal\/staff$/)
  await expect(t.page.getByRole('group', { name: 'Toetsenblok' })).toHaveCount(0)
  await t.context.close()
})

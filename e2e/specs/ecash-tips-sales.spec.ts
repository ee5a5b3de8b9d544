/**
 * The rest of a cashier's day: an ecash payment with a token minted by simnet, a tip paid
 * through its Lightning address, then the transactions page and the dashboard showing them (and
 * the dashboard taking a new payment in while it is open); a payment opened from the list shows
 * its detail, with its payment hash, at a URL of its own.
 */
import { expect, test } from '@playwright/test'
import { ownerWithNwcWallet } from '../support/application'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'

test('ecash and a tip, then the transactions and the dashboard show them', async ({ page }) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'shop' })
  const businessId = await ownerWithNwcWallet(page, 'Tip Top Café', uri)

  // Ecash: the customer's token, pasted.
  const { token } = await simnet<{ token: string }>('POST', '/cashu/token', {
    amountSat: 2_100,
    format: 'B',
  })
  await page.goto(`/${businessId}/bitcoin/take-payments/ecash-payment`)
  await page.getByLabel('Ecash token').fill(token)
  await page.getByRole('button', { name: 'Redeem' }).click()
  await expect(page.getByText('Received', { exact: true })).toBeVisible()
  await expect(page.getByText('Mint’s fee')).toBeVisible()

  // A tip page, and a payer tipping its Lightning address.
  await page.goto(`/${businessId}/bitcoin/take-payments/lightning-tips`)
  await page.getByRole('button', { name: 'New tip page' }).first().click()
  const name = `team${Date.now().toString(36)}`
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByLabel('Description').fill('Thank you for tipping our team')
  await page.getByRole('button', { name: 'Create' }).click()
  const address = `${name}@${new URL(page.url()).host}`
  await expect(page.getByText(address).first()).toBeVisible()
  await simnet('POST', '/pay', { invoice: address, amountSat: 321 })

  // Both payments are in the transactions list and in today's dashboard totals.
  await page.goto(`/${businessId}/sales/transactions`)
  const rows = page.getByRole('main')
  await expect(rows.getByText('Ecash').first()).toBeVisible()
  await expect(rows.getByText('Tip').first()).toBeVisible()
  await expect(rows.getByText('321 sats').first()).toBeVisible()

  // The tip opens in full from its row, its URL naming it; closed, the list is as it was.
  const tipRow = page.getByRole('row').filter({ hasText: '321 sats' })
  await tipRow.getByRole('link').click()
  const detail = page.getByRole('dialog', { name: 'Payment' })
  await expect(detail.getByText('Payment hash')).toBeVisible()
  await expect(detail.locator('code').first()).toHaveText(/^[0-9a-f]{64}$/)
  await expect(detail.getByText('No refunds.')).toBeVisible()
  await expect(page).toHaveURL(/[?&]payment=[0-9a-f-]{36}/)
  const detailUrl = new URL(page.url())
  await screenshots(page, detailUrl.pathname + detailUrl.search, 'payment-detail', async () => {
    await expect(page.getByRole('dialog').locator('code').first()).toHaveText(/^[0-9a-f]{64}$/)
  })
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).not.toHaveURL(/payment=/)
  // by keyboard: the row's link opens it, Escape closes it
  await tipRow.getByRole('link').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Payment' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await page.goto(`/${businessId}/sales/dashboard`)
  await expect(page.getByText('321 sats').first()).toBeVisible()

  // The dashboard is live: another tip shows up while it is open, without a reload.
  await simnet('POST', '/pay', { invoice: address, amountSat: 654 })
  await expect(page.getByText('654 sats').first()).toBeVisible()
})

/**
 * The rest of a cashier's day: an ecash payment with a token minted by simnet, a tip paid
 * through its Lightning address, then the transactions page and the dashboard showing them (and
 * the dashboard taking a new payment in while it is open).
 */
import { expect, test } from '@playwright/test'
import { ownerWithNwcWallet } from '../support/application'
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

  await page.goto(`/${businessId}/sales/dashboard`)
  await expect(page.getByText('321 sats').first()).toBeVisible()

  // The dashboard is live: another tip shows up while it is open, without a reload.
  await simnet('POST', '/pay', { invoice: address, amountSat: 654 })
  await expect(page.getByText('654 sats').first()).toBeVisible()
})

/**
 * A newcomer's first hour with no terminal command: an own node whose channel deposit is paid
 * from the demo wallet and confirmed with "Mine a block", a Lightning, an on-chain, an ecash
 * and a tip payment paid from the demo wallet, then withdrawals to a demo-wallet invoice and to
 * its on-chain address, all in the lists.
 */
import { expect, test, type Page } from '@playwright/test'
import { ownerAtChannelDeposit, confirmWithdrawal } from '../support/own-node'
import { screenshots } from '../support/screenshots'

const NODE_PASSWORD = 'my node password'
const ACCOUNT_PASSWORD = 'correct horse battery'

/** What the demo wallet page made, read from its result box. */
async function demoResult(page: Page, section: string): Promise<string> {
  const card = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: section }) })
    .filter({ has: page.locator('p.font-mono') })
  const text = card.last().locator('p.font-mono').first()
  await expect(text).toBeVisible()
  return (await text.innerText()).trim()
}

test('the first hour: channel funded, payments and withdrawals, all from the demo wallet', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const { businessId, onchainInvoiceId } = await ownerAtChannelDeposit(
    page,
    'First Hour Bakery',
    NODE_PASSWORD,
  )
  const depositPath = `/onboarding/${businessId}/channel-deposit/${onchainInvoiceId}/waiting`

  // The channel deposit, paid and confirmed from the page.
  await screenshots(page, depositPath, 'first-hour-deposit')
  await page.goto(depositPath)
  await page.getByRole('button', { name: 'Pay with the demo wallet' }).click()
  const mine = page.getByRole('button', { name: 'Mine a block' })
  await expect(mine).toBeVisible()
  const open = page.getByRole('heading', { name: 'Your channel is open' })
  // Blocks until the deposit is deep enough and the channel's funding transaction is in.
  await expect(async () => {
    if (await mine.isVisible()) await mine.click()
    await expect(open).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 90_000 })

  // A Lightning payment paid from the demo wallet.
  await page.goto(`/${businessId}/bitcoin/take-payments/lightning-payment`)
  await page.getByRole('button', { name: 'Enter the amount in sats' }).click()
  await page.keyboard.type('2100')
  await page.getByRole('button', { name: /^Charge/ }).click()
  await page.clock.install()
  await page.clock.setFixedTime(Date.now())
  await page.getByRole('button', { name: 'Pay with the demo wallet' }).click()
  await expect(page.getByText('Payment received', { exact: true })).toBeVisible()

  // An on-chain payment paid from the demo wallet and confirmed by a mined block.
  await page.goto(`/${businessId}/bitcoin/take-payments/onchain-payment`)
  await page.getByRole('button', { name: 'Enter the amount in sats' }).click()
  await page.keyboard.type('60000')
  await page.getByRole('button', { name: /^Charge/ }).click()
  await page.getByRole('button', { name: 'Pay with the demo wallet' }).click()
  await expect(page.getByText('Receiving', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Mine a block' }).click()
  await expect(page.getByText('Payment received', { exact: true })).toBeVisible()

  // Ecash: a token from the demo wallet, taken at the counter.
  await page.goto(`/${businessId}/bitcoin/take-payments/ecash-payment`)
  await page.getByRole('button', { name: 'Fill in a demo token of 2,100 sats' }).click()
  await expect(page.getByLabel('Ecash token')).toHaveValue(/^cashu/)
  await page.getByRole('button', { name: 'Redeem' }).click()
  await expect(page.getByText('Received', { exact: true })).toBeVisible()

  // A tip page, tipped from the demo wallet.
  await page.goto(`/${businessId}/bitcoin/take-payments/lightning-tips`)
  await page.getByRole('button', { name: 'New tip page' }).first().click()
  const name = `team${Date.now().toString(36)}`
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByLabel('Description').fill('Thank you for tipping our team')
  await page.getByRole('button', { name: 'Create' }).click()
  await page.getByRole('button', { name: 'Tip 1,000 sats from the demo wallet' }).click()
  await expect(page.getByText('Paid with the demo wallet').first()).toBeVisible()

  // A withdrawal to an invoice the demo wallet makes.
  await page.goto('/demo-wallet')
  await page.getByLabel('Amount (sats)', { exact: true }).first().fill('1500')
  await page.getByRole('button', { name: 'Make an invoice' }).click()
  const invoice = await demoResult(page, 'Invoice to withdraw to')
  expect(invoice).toMatch(/^lnbcrt/)
  await page.goto(`/${businessId}/bitcoin/withdraw`)
  await page.getByLabel('Destination').fill(invoice)
  await expect(page.getByText('Detected: Lightning invoice')).toBeVisible()
  await page.getByRole('button', { name: 'Review' }).click()
  await confirmWithdrawal(page, ACCOUNT_PASSWORD)
  const rows = page.getByTestId('withdrawal-row')
  await expect(rows.first()).toContainText('1,500 sats')
  await expect(rows.first()).toContainText('Succeeded')

  // A withdrawal to a new on-chain address of the demo wallet.
  await page.goto('/demo-wallet')
  await page.getByRole('button', { name: 'New on-chain address' }).click()
  const address = await demoResult(page, 'Addresses to withdraw to')
  expect(address).toMatch(/^bcrt1/)
  await page.goto(`/${businessId}/bitcoin/withdraw`)
  await page.getByLabel('Destination').fill(address)
  await expect(page.getByText('Detected: Bitcoin address')).toBeVisible()
  await page.getByLabel('Amount', { exact: true }).fill('20000')
  await page.getByRole('button', { name: 'Review' }).click()
  await expect(page.getByTestId('withdraw-summary')).toContainText('20,000 sats')
  await confirmWithdrawal(page, ACCOUNT_PASSWORD)
  await expect(rows.first()).toContainText('20,000 sats')
  await expect(rows.first()).toContainText('Succeeded')

  // The demo wallet received both.
  await page.goto('/demo-wallet')
  const history = page.getByRole('list')
  await expect(history).toContainText('1,500 sats')
  await expect(history).toContainText('20,000 sats')
  await screenshots(page, '/demo-wallet', 'demo-wallet')

  // Every payment in the transactions list.
  await page.goto(`/${businessId}/sales/transactions`)
  const list = page.getByRole('main')
  await expect(list.getByText('60,000 sats').first()).toBeVisible()
  await expect(list.getByText('2,100 sats').first()).toBeVisible()
  await expect(list.getByText('Ecash').first()).toBeVisible()
  await expect(list.getByText('Tip').first()).toBeVisible()
})

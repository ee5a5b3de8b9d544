/**
 * A merchant on its own node withdraws to a Lightning address: another business's tip page,
 * served by the product itself (LUD-16), so the address is resolved, the invoice checked and
 * paid over simnet's Lightning network. The payout is seen in the list as succeeded and arrives
 * as a tip in the other business's transactions.
 */
import { expect, test } from '@playwright/test'
import { ownerWithNwcWallet } from '../support/application'
import { ownerWithOwnNode, trpc } from '../support/own-node'
import { simnet } from '../support/simnet'

const NODE_PASSWORD = 'my node password'
const ACCOUNT_PASSWORD = 'correct horse battery'

test('withdraws to a Lightning address and the payee receives it', async ({ page, browser }) => {
  // the payee: a café on an NWC wallet with a tip page, signed in in its own browser context
  const payee = await (await browser.newContext()).newPage()
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'cafe' })
  const payeeId = await ownerWithNwcWallet(payee, 'Tip Receiving Café', uri)
  const name = `p${Date.now().toString(36).slice(-6)}`
  await trpc(payee, 'tips.create', {
    businessId: payeeId,
    shortName: name,
    description: 'Payouts welcome',
  })
  await payee.goto(`/${payeeId}/bitcoin/take-payments/lightning-tips`)
  const address = `${name}@${new URL(payee.url()).host}`
  await expect(payee.getByText(address).first()).toBeVisible()

  // the payer withdraws to that address from its own node
  const businessId = await ownerWithOwnNode(page, 'Payout Books', NODE_PASSWORD)
  await page.goto(`/${businessId}/bitcoin/withdraw`)
  await page.getByLabel('Destination').fill(address)
  await expect(page.getByText('Detected: Lightning address')).toBeVisible()
  await page.getByLabel('Amount', { exact: true }).fill('1500')
  await page.getByRole('button', { name: 'Review' }).click()
  await expect(page.getByTestId('withdraw-summary')).toContainText('1,500 sats')
  await page.getByRole('button', { name: 'Continue' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm the withdrawal' })
  await expect(dialog).toContainText(address)
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/withdraw-lnaddress-en-1280.png` })
  }
  await dialog.getByLabel('Account password').fill(ACCOUNT_PASSWORD)
  await dialog.getByRole('button', { name: 'Send now' }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByTestId('withdrawal-row').first()
  await expect(row).toContainText('1,500 sats')
  await expect(row).toContainText(address)
  await expect(row).toContainText('Succeeded')

  // the café sees the tip arrive
  await payee.goto(`/${payeeId}/sales/transactions`)
  const sales = payee.getByRole('main')
  await expect(sales.getByText('Tip').first()).toBeVisible()
  await expect(sales.getByText('1,500 sats').first()).toBeVisible()
})

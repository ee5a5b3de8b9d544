/**
 * A merchant on its own node sets up autoloop to its own address, sees why it waits, takes
 * payments until the channel fills past the threshold and watches autoloop move the funds out to
 * that address in simnet; then swaps out by hand after reading the quote. A business without its
 * own node is sent from the backup page to its dashboard and has no Loop.
 */
import { expect, test, type Page } from '@playwright/test'
import { ownerWithNwcWallet } from '../support/application'
import { ownerWithOwnNode, poll, trpc, trpcQuery } from '../support/own-node'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'

/** The merchant is paid `sat` over Lightning by a customer in simnet. */
async function customerPays(page: Page, businessId: string, sat: number) {
  const payment = await trpc<{ id: string; paymentRequest: string }>(
    page,
    'payments.createLightning',
    { businessId, amount: { sat } },
  )
  await simnet('POST', '/pay', { invoice: payment.paymentRequest })
}

interface Overview {
  localSat: number
  terms: { minSat: number }
}

test('autoloop moves funds out once the channel fills, and a manual swap out with its quote', async ({
  page,
}) => {
  const businessId = await ownerWithOwnNode(page, 'Loop Bakery', 'my node password')
  const loopPath = `/${businessId}/bitcoin/loop`

  // From the node's details to Loop: autoloop is not enabled, its setup is offered.
  await page.goto(`/${businessId}/bitcoin/node-details`)
  await page.getByRole('link', { name: 'Autoloop and swaps' }).click()
  await expect(page).toHaveURL(/\/bitcoin\/loop$/)
  await expect(page.getByTestId('autoloop-state')).toHaveText('Not enabled')
  await expect(page.getByText(/keeps its no-show prepay \(up to 30,000 sats\)/)).toBeVisible()
  const autoloopShown = () => expect(page.getByTestId('autoloop-state')).toBeVisible()
  await screenshots(page, loopPath, 'loop-setup', autoloopShown)

  const walletId = `savings-${Date.now()}`
  const { address } = await simnet<{ address: string }>('POST', `/wallets/${walletId}/address`)
  const { localSat, terms } = await trpcQuery<Overview>(page, 'loop.overview', { businessId })
  const threshold = localSat - terms.minSat + 30_000

  await page.getByLabel('Your Bitcoin address').fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
  await page.getByLabel('Threshold (sats)').fill(String(threshold))
  await page.getByLabel('Fee budget (sats)').fill('50000')
  await page.getByLabel('Max fee (%)').fill('2')
  await page.getByRole('button', { name: 'Turn on autoloop' }).click()
  await expect(page.locator('#autoloop-dest-error')).toHaveText(
    'Enter a valid Bitcoin address for this network',
  )
  await page.getByLabel('Your Bitcoin address').fill(address)
  // where autoloop sends money: the owner's password first
  await page.getByLabel('Account password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Turn on autoloop' }).click()
  await expect(page.getByTestId('autoloop-state')).toHaveText('Enabled')
  await expect(page.getByTestId('autoloop-sentence')).toHaveText(
    'Activates after receiving about 30,000 sats.',
  )
  await expect(page.getByTestId('autoloop-reasons')).toContainText(
    'The channel has not filled past the threshold yet.',
  )

  // Customers pay past the threshold: autoloop starts a swap out, which reaches the address.
  await customerPays(page, businessId, 40_000)
  const row = page.getByTestId('swap-row').first()
  await expect(row).toContainText('Autoloop')
  await poll(
    async () => {
      await simnet('POST', '/mine', { blocks: 1 })
      return (await row.getByTestId('swap-status').textContent()) ?? ''
    },
    (s) => s === 'Success',
    'the autoloop swap to succeed',
  )
  const savings = await simnet<{ onchain: { confirmedSat: number } }>(
    'GET',
    `/balances/${walletId}`,
  )
  expect(savings.onchain.confirmedSat).toBeGreaterThanOrEqual(terms.minSat - 5_000)

  // A manual swap out: the quote first, then its states to success.
  // (paid over the liquidity provider's other channel, which then can send the swap alone)
  await customerPays(page, businessId, 230_000)
  await page.getByLabel('Amount (sats)').fill(String(terms.minSat))
  await page.getByRole('button', { name: 'Get quote' }).click()
  const quote = page.getByTestId('swap-quote')
  await expect(quote).toContainText('Swap fee')
  await expect(quote).toContainText('Miner fee')
  await expect(quote).toContainText('No-show prepay')
  const folder = process.env.E2E_SCREENSHOTS
  if (folder) {
    // the quote as it is (a reload would drop it), narrow and wide
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `${folder}/loop-quote-en-${width}.png`, fullPage: true })
    }
  }
  await screenshots(page, loopPath, 'loop', autoloopShown)
  if (process.env.E2E_SCREENSHOTS) {
    await page.getByLabel('Amount (sats)').fill(String(terms.minSat))
    await page.getByRole('button', { name: 'Get quote' }).click()
  }
  // a wrong password: refused, nothing started
  await page.getByLabel('Account password').fill('not the password')
  await page.getByRole('button', { name: 'Confirm swap' }).click()
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText(
    'The password is incorrect.',
  )
  await expect(page.getByTestId('swap-row')).toHaveCount(1)
  await page.getByLabel('Account password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Confirm swap' }).click()
  await expect(page.getByTestId('swap-row')).toHaveCount(2)
  const manual = page.getByTestId('swap-row').first()
  await expect(manual).toContainText('Manual')
  await poll(
    async () => {
      await simnet('POST', '/mine', { blocks: 1 })
      return (await manual.getByTestId('swap-status').textContent()) ?? ''
    },
    (s) => s === 'Success',
    'the manual swap to succeed',
  )
})

test('a business without its own node has no backup page (to the dashboard) and no Loop', async ({
  page,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'till' })
  const businessId = await ownerWithNwcWallet(page, 'Wallet Café', uri)
  await page.goto(`/${businessId}/bitcoin/backup`)
  await expect(page).toHaveURL(new RegExp(`/${businessId}/sales/dashboard$`))
  await page.goto(`/${businessId}/bitcoin/loop`)
  await expect(page.getByText('Loop is not available on this node')).toBeVisible()
})

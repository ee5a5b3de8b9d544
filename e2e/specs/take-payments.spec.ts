/**
 * A cashier takes payments: a Lightning payment paid by simnet's payer while the page is open,
 * and an on-chain payment followed through its confirmations.
 */
import { expect, test } from '@playwright/test'
import { ownerWithExchange, ownerWithNwcWallet } from '../support/application'
import { simnet } from '../support/simnet'

test('a Lightning payment keyed in pounds, paid while the page is open', async ({ page }) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'till' })
  const businessId = await ownerWithNwcWallet(page, 'Lightning Café', uri)
  await page.clock.install()
  await page.goto(`/${businessId}/bitcoin/take-payments/lightning-payment`)

  await page.getByRole('button', { name: '1', exact: true }).click()
  await page.getByRole('button', { name: '2', exact: true }).click()
  await page.keyboard.type('.50')
  await page.getByRole('textbox', { name: 'Note' }).fill('flat white')
  await page.getByRole('button', { name: /^Charge £12\.50/ }).click()

  await expect(page.getByText('Waiting for payment')).toBeVisible()
  const href = await page.getByRole('link', { name: 'Open in wallet' }).getAttribute('href')
  const invoice = href?.replace(/^lightning:/i, '') ?? ''
  expect(invoice).toMatch(/^lnbcrt/i)

  // The paid screen makes way for the keypad a few seconds after it appears: with the page's
  // time standing still (its timers still run) it stays until the journey has read it.
  await page.clock.setFixedTime(Date.now())
  await simnet('POST', '/pay', { invoice })
  await expect(page.getByText('Payment received', { exact: true })).toBeVisible()
  await expect(page.getByText('£12.50').first()).toBeVisible()
})

test('an on-chain payment goes from waiting to receiving to received', async ({ page }) => {
  const credentials = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  const businessId = await ownerWithExchange(page, 'Chain Books', credentials)
  await page.goto(`/${businessId}/bitcoin/take-payments/onchain-payment`)

  await page.getByRole('button', { name: 'Enter the amount in sats' }).click()
  await page.keyboard.type('25000')
  await page.getByRole('button', { name: /^Charge/ }).click()

  const href = await page.getByRole('link', { name: 'Open in wallet' }).getAttribute('href')
  const address = /^bitcoin:([^?]+)/i.exec(href ?? '')?.[1] ?? ''
  expect(address.toLowerCase()).toMatch(/^bcrt1q/)

  // unconfirmed until the journey mines (simnet mines only when asked, see global-setup.ts)
  await simnet('POST', '/send', { address: address.toLowerCase(), amountSat: 25_000 })
  await expect(page.getByText('Receiving', { exact: true })).toBeVisible()
  await simnet('POST', '/mine', { blocks: 3 })
  await expect(page.getByText('Payment received', { exact: true })).toBeVisible()
})

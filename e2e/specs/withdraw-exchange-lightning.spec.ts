/**
 * A merchant whose money is on the exchange pays a typed Lightning invoice through the
 * exchange's Lightning withdrawals (a Lightning key on the account), and sees it succeed.
 */
import { expect, test } from '@playwright/test'
import { ownerWithExchange } from '../support/application'
import { poll, trpc, trpcQuery } from '../support/own-node'
import { settled } from '../support/screenshots'
import { simnet } from '../support/simnet'

const ACCOUNT_PASSWORD = 'correct horse battery'

test('pays a typed invoice from an exchange account over Lightning', async ({ page }) => {
  const credentials = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  const businessId = await ownerWithExchange(page, 'Exchange Books', credentials)
  const { address } = await trpc<{ address: string }>(page, 'payments.createOnchain', {
    businessId,
    amount: { sat: 120_000 },
  })
  await simnet('POST', '/send', { address, amountSat: 120_000 })
  await simnet('POST', '/mine', { blocks: 6 })
  await simnet('POST', '/kraken/withdraw-keys', {
    key: credentials.key,
    name: 'Lightning',
    method: 'Bitcoin Lightning',
  })
  await poll(
    () =>
      trpcQuery<{ onchainSat: number; lightningSat: number; canLightning: boolean }>(
        page,
        'withdrawals.balances',
        { businessId },
      ),
    (b) => b.onchainSat + b.lightningSat >= 120_000 && b.canLightning,
    'the deposit on the exchange',
  )
  const withdrawPath = `/${businessId}/bitcoin/withdraw`
  if (process.env.E2E_SCREENSHOTS) {
    for (const [lng, width] of [
      ['en', 390],
      ['de', 1280],
    ] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${withdrawPath}?lng=${lng}`)
      await expect(page.locator('#withdraw-registered')).toBeVisible()
      await settled(page)
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/withdraw-exchange-${lng}-${width}.png`,
        fullPage: true,
      })
    }
    await page.setViewportSize({ width: 1280, height: 720 })
  }
  await page.goto(`${withdrawPath}?lng=en`)

  const { paymentRequest } = await simnet<{ paymentRequest: string }>(
    'POST',
    '/screening/targets/invoice',
    { amountSat: 5_000 },
  )
  await page.getByLabel('Or a Lightning invoice').fill(paymentRequest)
  await expect(page.getByText('Detected: Lightning invoice')).toBeVisible()
  await page.getByRole('button', { name: 'Review' }).click()
  await expect(page.getByTestId('withdraw-summary')).toContainText('5,000 sats')
  await page.getByRole('button', { name: 'Continue' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm the withdrawal' })
  await dialog.getByLabel('Account password').fill(ACCOUNT_PASSWORD)
  await dialog.getByRole('button', { name: 'Send now' }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByTestId('withdrawal-row').first()
  await expect(row).toContainText('5,000 sats')
  await expect(row).toContainText('Succeeded')
})

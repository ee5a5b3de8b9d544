/**
 * Where the money goes next changes only with the owner's proof: a business's NWC wallet is
 * replaced after the account password, and a wrong one changes nothing.
 */
import { expect, test } from '@playwright/test'
import { ownerWithNwcWallet } from '../support/application'
import { simnet } from '../support/simnet'

/** The wallet's public key, as its connection URL names it. */
const walletOf = (uri: string) => new URL(uri).host || new URL(uri).pathname.replace(/^\/+/, '')

test('an NWC wallet is replaced only with the account password', async ({ page }) => {
  const first = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'first' })
  const businessId = await ownerWithNwcWallet(page, 'Replace Deli', first.uri)
  await page.goto(`/${businessId}/bitcoin/nwc-details`)
  await expect(page.getByText(walletOf(first.uri))).toBeVisible()

  const second = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'second' })
  await page.getByLabel('Connection URL').fill(second.uri)
  await page.getByLabel('Account password').fill('not the password')
  await page.getByRole('button', { name: 'Check and replace' }).click()
  // said under the password, the field it is about
  const password = page.getByLabel('Account password')
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toHaveAccessibleDescription('The password is incorrect.')
  await expect(page.getByLabel('Connection URL')).not.toHaveAttribute('aria-invalid', 'true')
  const folder = process.env.E2E_SCREENSHOTS
  if (folder)
    await page.screenshot({ path: `${folder}/wallet-replace-refused.png`, fullPage: true })
  // refused: still the first wallet, after a fresh read too
  await page.reload()
  await expect(page.getByText(walletOf(first.uri))).toBeVisible()

  await page.getByLabel('Connection URL').fill(second.uri)
  await page.getByLabel('Account password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Check and replace' }).click()
  await expect(page.locator('[data-sonner-toast]').getByText('Connection replaced')).toBeVisible()
  await expect(page.getByText(walletOf(second.uri))).toBeVisible()
  await expect(page.getByText(walletOf(first.uri))).toHaveCount(0)
})

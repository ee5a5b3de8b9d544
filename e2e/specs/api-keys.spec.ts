/**
 * API keys for a web shop: the owner creates one with the scopes it needs, sees it once with a
 * warning and a Copy button, finds it listed by its first characters only (never used yet), and
 * revokes it after a confirmation. With E2E_SCREENSHOTS=<folder>, the form, the new key and the
 * list, narrow and wide.
 */
import { expect, test, type Page } from '@playwright/test'
import { ownerWithNwcWallet } from '../support/application'
import { screenshots, settled } from '../support/screenshots'
import { simnet } from '../support/simnet'

/** The page as it is now at 390 and 1280 px, into E2E_SCREENSHOTS as `<name>-en-<width>.png`. */
async function shotsOfNow(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS
  if (!folder) return
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await settled(page)
    await page.screenshot({ path: `${folder}/${name}-en-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

test('an API key: created with its scopes, shown once, listed by its prefix, revoked', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'api-keys' })
  const businessId = await ownerWithNwcWallet(page, 'Web Shop Ltd', uri)
  const path = `/${businessId}/online/api-keys`
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'API keys', exact: true })).toBeVisible()
  await expect(page.getByText('No API keys yet')).toBeVisible()
  await screenshots(page, path, 'api-keys-empty')

  // The form: a name is needed, and at least one scope; the shop's two are offered.
  await page.getByRole('button', { name: 'Create API key' }).click()
  const form = page.getByRole('dialog', { name: 'Create an API key' })
  await expect(form.getByLabel('invoices:create')).toBeChecked()
  await expect(form.getByLabel('invoices:read')).toBeChecked()
  await expect(form.getByLabel('links:manage')).not.toBeChecked()
  await expect(form.getByLabel('webhooks:manage')).not.toBeChecked()
  await expect(form).toContainText('No scope sends money')
  await form.getByLabel('invoices:create').uncheck()
  await form.getByLabel('invoices:read').uncheck()
  await form.getByRole('button', { name: 'Create key' }).click()
  await expect(form.getByText('Give the key a name.')).toBeVisible()
  await expect(form.getByText('Choose at least one scope.')).toBeVisible()
  await form.getByLabel('Name').fill('Online shop')
  await form.getByLabel('invoices:create').check()
  await form.getByLabel('invoices:read').check()
  await form.getByLabel('webhooks:manage').check()
  await shotsOfNow(page, 'api-keys-form')
  await form.getByRole('button', { name: 'Create key' }).click()

  // Shown once, with the warning, and copied.
  const shown = page.getByRole('dialog', { name: 'Your new API key' })
  await expect(shown).toContainText('you won’t see it again')
  const key = (await shown.getByTestId('new-api-key-value').textContent()) ?? ''
  expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/)
  await shown.getByRole('button', { name: 'Copy key' }).click()
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key)
  await shotsOfNow(page, 'api-keys-new')
  // a click beside the dialog does not lose it
  await page.mouse.click(5, 5)
  await expect(shown).toBeVisible()
  await shown.getByRole('button', { name: 'Done' }).click()
  await expect(shown).toHaveCount(0)

  // Listed by its first characters only, with its scopes, never used; the key is gone.
  const row = page.getByTestId('api-key-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Online shop')
  await expect(row).toContainText(`${key.slice(0, 11)}…`)
  await expect(row.getByRole('list', { name: 'Scopes of Online shop' })).toContainText(
    'webhooks:manage',
  )
  await expect(row.getByRole('listitem')).toHaveCount(3)
  await expect(row).toContainText('never')
  await page.reload()
  await expect(page.getByTestId('api-key-row')).toHaveCount(1)
  await expect(page.getByText(key)).toHaveCount(0)
  await expect(page.getByText(key.slice(11))).toHaveCount(0)
  await screenshots(page, path, 'api-keys')

  // Revoked after a confirmation; cancelling keeps it.
  await page.getByRole('button', { name: 'Revoke Online shop' }).click()
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' })
  await expect(confirm).toContainText(`Online shop (${key.slice(0, 11)}…) stops working at once`)
  await shotsOfNow(page, 'api-keys-revoke')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('api-key-row')).toHaveCount(1)
  await page.getByRole('button', { name: 'Revoke Online shop' }).click()
  await page.getByRole('button', { name: 'Revoke key' }).click()
  await expect(page.getByText('Online shop revoked')).toBeVisible()
  await expect(page.getByText('No API keys yet')).toBeVisible()
})

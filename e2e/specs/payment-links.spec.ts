/**
 * Payment links from the dashboard: the owner finds "Sell online" in the navigation, creates a
 * fixed-amount link for one use (the form refuses what it cannot send), gets its URL and QR code,
 * sees it listed, deactivates it after a confirmation and reactivates it; a customer uses it and
 * the invoice appears on the Invoices tab, where the owner opens it and calls it off. A customer
 * who pays half on-chain: the owner sees what arrived and accepts it as paid. An accountant sees
 * the links and invoices but no way to change them, nor the API keys and webhooks. With
 * E2E_SCREENSHOTS=<folder>, each screen narrow and wide.
 */
import { expect, test, type Page } from '@playwright/test'
import { ownerWithExchange, ownerWithNwcWallet } from '../support/application'
import { trpc } from '../support/own-node'
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

test('a payment link: created for one use, shared, deactivated and back, used, its invoice called off', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'links' })
  const businessId = await ownerWithNwcWallet(page, 'Concert Hall Ltd', uri)
  await page.goto(`/${businessId}`)
  await page.getByRole('link', { name: 'Sell online' }).click()
  await expect(page).toHaveURL(new RegExp(`/${businessId}/online/links$`))
  await expect(page.getByRole('heading', { name: 'Payment links', exact: true })).toBeVisible()
  await expect(page.getByText('No payment links yet')).toBeVisible()
  const tabs = page.getByRole('navigation', { name: 'Sell online' })
  await expect(tabs.getByRole('link', { name: 'Invoices' })).toBeVisible()
  const linksPath = `/${businessId}/online/links`
  await screenshots(page, linksPath, 'payment-links-empty')

  // The form says what is missing or wrong, and sends nothing until it is right.
  await page.getByRole('button', { name: 'New payment link' }).click()
  const form = page.getByRole('dialog', { name: 'New payment link' })
  await form.getByRole('button', { name: 'Create link' }).click()
  await expect(form.getByText('Give the link a name.')).toBeVisible()
  await expect(form.getByText('Enter the price.')).toBeVisible()
  await form.getByLabel('Name').fill('Concert ticket')
  await form.getByLabel('Description').fill('Row A, seat 12')
  await form.getByLabel('Price').fill('0')
  await form.getByLabel('Limit').selectOption({ label: 'One use' })
  await form.getByLabel('Return address').fill('javascript:alert(1)')
  await form.getByRole('button', { name: 'Create link' }).click()
  await expect(form.getByText('Enter an amount above zero')).toBeVisible()
  await expect(form.getByText('Enter a web address starting with https://')).toBeVisible()
  await form.getByLabel('Price').fill('12.50')
  await form.getByLabel('Return address').fill('https://shop.example/thanks')
  const currency = await form.getByLabel('Currency').inputValue()
  expect(currency).toMatch(/^(GBP|USD|EUR)$/)
  await shotsOfNow(page, 'payment-links-form')
  await form.getByRole('button', { name: 'Create link' }).click()

  // Its URL and QR code, copied.
  const shared = page.getByRole('dialog', { name: 'Your payment link is ready' })
  const url = (await shared.getByTestId('payment-link-url').textContent()) ?? ''
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/l\/[\w-]+$/)
  await expect(shared.getByRole('button', { name: /QR code of the payment link/ })).toBeVisible()
  await shared.getByRole('button', { name: 'Copy link' }).click()
  await expect(shared.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(url)
  await shotsOfNow(page, 'payment-links-created')
  await shared.getByRole('button', { name: 'Done' }).click()

  // Listed with its amount, uses, nothing paid yet, and its URL.
  const row = page.getByTestId('payment-link-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Concert ticket')
  await expect(row).toContainText('12.50')
  await expect(row.getByTestId('payment-link-uses')).toHaveText('0 / 1')
  await expect(row).toContainText('0 payments')
  await expect(row).toContainText('Active')
  await expect(row).toContainText(url)

  // Deactivated after a confirmation (cancelling keeps it), then reactivated.
  await row.getByRole('button', { name: 'Deactivate' }).click()
  const confirm = page.getByRole('dialog', { name: 'Deactivate this payment link?' })
  await expect(confirm).toContainText('“Concert ticket” stops taking payments')
  await confirm.getByText('Cancel', { exact: true }).click()
  await expect(row).toContainText('Active')
  await row.getByRole('button', { name: 'Deactivate' }).click()
  await confirm.getByRole('button', { name: 'Deactivate' }).click()
  await expect(row).toContainText('Inactive')
  const linkId = url.split('/l/')[1] ?? ''
  const closed = await page.request.post(`/api/v1/links/${linkId}/invoices`, { data: {} })
  expect(closed.status()).toBeGreaterThanOrEqual(400)
  await row.getByRole('button', { name: 'Reactivate' }).click()
  await expect(row).toContainText('Active')
  await expect(row.getByRole('button', { name: 'Deactivate' })).toBeVisible()

  // A customer uses it: one invoice, and the one use is gone.
  const used = await page.request.post(`/api/v1/links/${linkId}/invoices`, { data: {} })
  expect(used.status(), await used.text()).toBe(201)
  const { id: invoiceId } = (await used.json()) as { id: string }
  await page.reload()
  await expect(row.getByTestId('payment-link-uses')).toHaveText('1 / 1')
  await expect(row).toContainText('Used up')
  await screenshots(page, linksPath, 'payment-links')

  // The Invoices tab lists it, from the link; its detail offers to call it off.
  await tabs.getByRole('link', { name: 'Invoices' }).click()
  await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible()
  const invoice = page.getByTestId('invoice-row')
  await expect(invoice).toHaveCount(1)
  await expect(invoice).toContainText('Row A, seat 12')
  await expect(invoice).toContainText('12.50')
  await expect(invoice).toContainText('sats')
  await expect(invoice).toContainText('New')
  await expect(invoice).toContainText('Concert ticket')
  await screenshots(page, `/${businessId}/online/invoices`, 'online-invoices')
  await invoice.getByRole('button', { name: 'Row A, seat 12' }).click()
  const detail = page.getByRole('dialog', { name: 'Invoice' })
  await expect(detail).toContainText('Payment link “Concert ticket”')
  await expect(detail).toContainText(`/pay/${invoiceId}`)
  await expect(detail).toContainText('https://shop.example/thanks')
  await shotsOfNow(page, 'online-invoice-detail')
  await detail.getByRole('button', { name: 'Invalidate' }).click()
  const sure = page.getByRole('dialog', { name: 'Invalidate this invoice?' })
  await expect(sure).toContainText('can no longer be paid')
  await sure.getByRole('button', { name: 'Invalidate' }).click()
  await expect(page.getByText('The invoice was invalidated')).toBeVisible()
  await expect(detail.getByTestId('invoice-state')).toHaveText('Invalid')
  await expect(detail.getByRole('button', { name: 'Invalidate' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(invoice).toContainText('Invalid')

  // Filtered by status.
  await page.getByLabel('Status').selectOption({ label: 'Settled' })
  await expect(page.getByText('No invoices with this status')).toBeVisible()
  await page.getByLabel('Status').selectOption({ label: 'Invalid' })
  await expect(invoice).toHaveCount(1)
})

test('half the amount paid on-chain: the owner sees what arrived and accepts it as paid', async ({
  page,
}) => {
  const credentials = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  const businessId = await ownerWithExchange(page, 'Half Paid Ltd', credentials)
  const link = await trpc<{ id: string }>(page, 'invoices.createLink', {
    businessId,
    name: 'Workshop seat',
    description: '',
    amount: 21_000,
    currency: 'SAT',
    maxUses: null,
    activeUntil: null,
    redirectUrl: null,
  })
  const used = await page.request.post(`/api/v1/links/${link.id}/invoices`, { data: {} })
  expect(used.status(), await used.text()).toBe(201)
  const checkout = (await used.json()) as { id: string; address: string | null }
  expect(checkout.address).toMatch(/^bcrt1/i)
  await simnet('POST', '/send', { address: checkout.address?.toLowerCase(), amountSat: 10_500 })
  await simnet('POST', '/mine', { blocks: 3 })

  const path = `/${businessId}/online/invoices`
  await page.goto(path)
  const invoice = page.getByTestId('invoice-row')
  await expect(async () => {
    await page.reload()
    await expect(invoice).toContainText('Paid partly', { timeout: 2_000 })
  }).toPass({ timeout: 60_000 })
  await expect(invoice).toContainText('Workshop seat')
  await invoice.getByRole('button', { name: 'Workshop seat' }).click()
  const detail = page.getByRole('dialog', { name: 'Invoice' })
  await expect(detail.getByTestId('invoice-state')).toHaveText('NewPaid partly')
  const advice = detail.getByTestId('invoice-advice')
  await expect(advice).toContainText('Received 10,500 sats of 21,000 sats')
  await expect(advice).toContainText('accept it as paid, or invalidate the invoice')
  await expect(detail.getByRole('button', { name: 'Invalidate' })).toBeVisible()
  await shotsOfNow(page, 'online-invoice-partial')

  await detail.getByRole('button', { name: 'Accept as paid' }).click()
  const sure = page.getByRole('dialog', { name: 'Accept the part payment?' })
  await expect(sure).toContainText('You received 10,500 sats of 21,000 sats')
  await sure.getByRole('button', { name: 'Accept as paid' }).click()
  await expect(page.getByText('The part payment was accepted')).toBeVisible()
  await expect(detail.getByTestId('invoice-state')).toHaveText('SettledPaid partly')
  await expect(advice).toContainText('You accepted this part payment')
  await expect(detail.getByRole('button', { name: 'Accept as paid' })).toHaveCount(0)
  await expect(detail.getByRole('button', { name: 'Invalidate' })).toHaveCount(0)
  await shotsOfNow(page, 'online-invoice-partial-accepted')
})

test('an accountant sees the payment links and invoices but cannot change them', async ({
  page,
  browser,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'links-acc' })
  const businessId = await ownerWithNwcWallet(page, 'Books Checked Ltd', uri)
  await trpc(page, 'invoices.createLink', {
    businessId,
    name: 'Gift card',
    description: '',
    amount: null,
    currency: 'SAT',
    maxUses: null,
    activeUntil: null,
    redirectUrl: null,
  })
  const email = `accountant-${Date.now()}@example.com`
  const { link } = await trpc<{ link: string }>(page, 'team.invite', {
    businessId,
    data: { email, role: 'accountant' },
  })

  const context = await browser.newContext()
  const accountant = await context.newPage()
  await accountant.goto('/sign-up')
  await accountant.getByLabel('Email').fill(email)
  await accountant.getByLabel('Password', { exact: true }).fill('correct horse battery')
  await accountant.getByRole('button', { name: 'Create account' }).click()
  await expect(accountant).toHaveURL(/\/onboarding\/new-business$/)
  await trpc(accountant, 'team.accept', { token: link.split('/').at(-1) })

  await accountant.goto(`/${businessId}/sales/dashboard`)
  await accountant.getByRole('link', { name: 'Sell online' }).click()
  const row = accountant.getByTestId('payment-link-row')
  await expect(row).toContainText('Gift card')
  await expect(row).toContainText('Customer chooses')
  await expect(row.getByRole('button', { name: 'Copy link' })).toBeVisible()
  await expect(row.getByRole('button', { name: 'Deactivate' })).toHaveCount(0)
  await expect(accountant.getByRole('button', { name: 'New payment link' })).toHaveCount(0)
  const tabs = accountant.getByRole('navigation', { name: 'Sell online' })
  await expect(tabs.getByRole('link', { name: 'Invoices' })).toBeVisible()
  await expect(tabs.getByRole('link', { name: 'API keys' })).toHaveCount(0)
  await expect(tabs.getByRole('link', { name: 'Webhooks' })).toHaveCount(0)
  await accountant.goto(`/${businessId}/online/api-keys`)
  await expect(accountant.getByTestId('closed-for-role')).toContainText('Closed for your role')
  await context.close()
})

/**
 * Invoice webhooks: an owner adds a webhook pointing at a shop's endpoint (a small server this
 * journey starts on 127.0.0.1; the demo lets plain http through), copies the signing secret shown
 * once, sends a test event and sees it delivered in the log (the shop got it, signed with that
 * secret), sends it again and sees the redelivery (the same body, so the same delivery id), then
 * removes the webhook after a confirmation. With E2E_SCREENSHOTS=<folder>, the page in en and de,
 * narrow and wide.
 */
import { expect, test, type Page } from '@playwright/test'
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { ownerWithNwcWallet } from '../support/application'
import { screenshots, settled } from '../support/screenshots'
import { simnet } from '../support/simnet'

/** The page as it is now (a dialog, the secret shown once), narrow and wide, for review. */
async function shotsAsItIs(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS
  if (!folder) return
  const before = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await settled(page)
    await page.screenshot({ path: `${folder}/${name}-en-${width}.png`, animations: 'disabled' })
  }
  if (before) await page.setViewportSize(before)
}

test('an owner adds a webhook, sends a test event, sees it delivered, and redelivers it', async ({
  page,
}) => {
  const calls: { headers: IncomingHttpHeaders; body: string }[] = []
  const shop = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString('utf8')))
    req.on('end', () => {
      calls.push({ headers: req.headers, body })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve))
  const address = shop.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const url = `http://127.0.0.1:${address.port}/hooks/invoices`
  try {
    const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'hooks' })
    const businessId = await ownerWithNwcWallet(page, 'Hook Haberdashery', uri)

    await page.goto(`/${businessId}/online/webhooks`)
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible()
    await expect(page.getByText('No webhooks yet')).toBeVisible()

    // added with every event (ticked to begin with)
    await page.getByRole('button', { name: 'Add webhook' }).first().click()
    const form = page.getByRole('dialog', { name: 'Add a webhook' })
    await form.getByRole('button', { name: 'Add webhook' }).click()
    await expect(form.getByText('Enter a full address starting with https://')).toBeVisible()
    await form.getByLabel('URL').fill(url)
    for (const event of ['invoice.created', 'invoice.settled', 'invoice.paid_late']) {
      await expect(form.getByRole('checkbox', { name: event })).toBeChecked()
    }
    await shotsAsItIs(page, 'invoice-webhooks-add')
    await form.getByRole('button', { name: 'Add webhook' }).click()
    await expect(form).toBeHidden()

    // the secret, once
    const panel = page.getByTestId('webhook-secret')
    await expect(panel.getByText('it is shown only this once')).toBeVisible()
    const secret = (await panel.locator('code').textContent()) ?? ''
    expect(secret).toMatch(/^whsec_/)
    const row = page.getByTestId('webhook-row')
    await expect(row.getByRole('heading', { name: url })).toBeVisible()
    await expect(row.getByText('All invoice events')).toBeVisible()
    await shotsAsItIs(page, 'invoice-webhooks-secret')
    await panel.getByRole('button', { name: 'Done' }).click()
    await expect(panel).toBeHidden()

    // a test event, delivered, in the log
    await expect(page.getByText('No deliveries yet')).toBeVisible()
    await row.getByRole('button', { name: 'Send test event' }).click()
    await expect(page.getByText('Test event delivered')).toBeVisible()
    const log = page.getByTestId('delivery-log')
    const first = log.getByTestId('delivery-row')
    await expect(first).toHaveCount(1)
    await expect(first.getByText('Delivered')).toBeVisible()
    await expect(first.getByText('Test event')).toBeVisible()
    await expect(first.getByText('No invoice')).toBeVisible()
    await expect(first.getByText(/1 call · HTTP 204/)).toBeVisible()

    // the shop got it, signed with the secret it was shown
    expect(calls).toHaveLength(1)
    const call = calls[0]!
    const timestamp = String(call.headers['x-signature-timestamp'])
    expect(call.headers['x-signature']).toBe(
      createHmac('sha256', secret).update(`${timestamp}.${call.body}`).digest('hex'),
    )
    const sent = JSON.parse(call.body) as { deliveryId: string; event: string; invoice: unknown }
    expect(sent).toMatchObject({ event: 'test', invoice: null })

    // sent again: a new line in the log, the same body for the shop
    await first.getByRole('button', { name: 'Redeliver' }).click()
    await expect(page.getByText('Delivered again')).toBeVisible()
    await expect(log.getByTestId('delivery-row')).toHaveCount(2)
    const newest = log.getByTestId('delivery-row').first()
    await expect(newest.getByText('Sent again')).toBeVisible()
    await expect(newest.getByText('Delivered')).toBeVisible()
    expect(calls).toHaveLength(2)
    expect(calls[1]!.body).toBe(call.body)

    await screenshots(page, `/${businessId}/online/webhooks`, 'invoice-webhooks', async () => {
      await expect(page.getByTestId('delivery-row').first()).toBeVisible()
    })

    // removed after a confirmation, its log with it
    await page.getByTestId('webhook-row').getByRole('button', { name: 'Remove' }).click()
    const confirm = page.getByRole('dialog', { name: 'Remove this webhook?' })
    await confirm.getByRole('button', { name: 'Remove webhook' }).click()
    await expect(page.getByText('Webhook removed')).toBeVisible()
    await expect(page.getByText('No webhooks yet')).toBeVisible()
    await expect(page.getByTestId('delivery-log')).toHaveCount(0)
  } finally {
    await new Promise<void>((resolve) => shop.close(() => resolve()))
  }
})

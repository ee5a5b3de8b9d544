/**
 * From simnet settling an invoice to the cashier's page showing "Payment received", in
 * Chromium, over N payments (default 200): median and p99.
 *
 *   node --import tsx bench/payment-latency-browser.ts [--payments 200] [--wallet lnd|nwc]
 *
 * Each round: the page charges an amount and shows the invoice; a MutationObserver in the page
 * stamps the moment "Payment received" appears; the payer pays through simnet's control API
 * and the stamp before that request is subtracted. Both stamps are Date.now() on this machine,
 * and the start is taken before the payer's request, so the figure is an upper bound.
 * Needs a built web app (`npm run build`).
 */
import { chromium } from '@playwright/test'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { percentile, startProduct } from './product'

const { values } = parseArgs({
  options: {
    payments: { type: 'string', default: '200' },
    wallet: { type: 'string', default: 'lnd' },
  },
})
const rounds = Number(values.payments)
const product = await startProduct({ port: 3292, wallet: values.wallet === 'nwc' ? 'nwc' : 'lnd' })
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
})
try {
  const context = await browser.newContext({ baseURL: product.base })
  const [name, value] = product.cookie().split('=')
  await context.addCookies([{ name: name ?? 'sid', value: value ?? '', url: product.base }])
  const page = await context.newPage()
  await page.goto(`/${product.businessId}/bitcoin/take-payments/lightning-payment`)
  await page.getByRole('button', { name: 'Enter the amount in sats' }).click()
  const samples: number[] = []
  for (let i = 0; i < rounds; i++) {
    await page.keyboard.type('1000')
    await page.getByRole('button', { name: /^Charge/ }).click()
    const link = page.getByRole('link', { name: 'Open in wallet' })
    const invoice = ((await link.getAttribute('href')) ?? '').replace(/^lightning:/i, '')
    await page.evaluate(() => {
      const w = window as unknown as { receivedAt?: number }
      w.receivedAt = undefined
      const observer = new MutationObserver(() => {
        if (document.body.innerText.includes('Payment received')) {
          w.receivedAt = Date.now()
          observer.disconnect()
        }
      })
      observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    })
    const paidAt = Date.now()
    await product.simnet('/pay', { invoice })
    await page
      .waitForFunction(() => (window as unknown as { receivedAt?: number }).receivedAt)
      .catch(async (err: unknown) => {
        await page.screenshot({ path: '/tmp/latency-failure.png' })
        throw new Error(
          `round ${i}: "Payment received" did not appear (see /tmp/latency-failure.png)`,
          {
            cause: err,
          },
        )
      })
    const shownAt = await page.evaluate(
      () => (window as unknown as { receivedAt: number }).receivedAt,
    )
    samples.push(shownAt - paidAt)
    await page.getByRole('button', { name: 'New payment' }).click()
  }
  samples.sort((a, b) => a - b)
  console.log(
    `settle -> "Payment received" on the page: ${rounds} payments, median ${percentile(samples, 50)} ms, p99 ${percentile(samples, 99)} ms (targets < 50 ms, < 200 ms)`,
  )
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  )
} finally {
  await browser.close()
  await product.stop()
}

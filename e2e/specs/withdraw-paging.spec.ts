/**
 * The withdrawals list shows the latest 50 and loads older ones with "Load more" until none are
 * left; each withdrawal appears once.
 */
import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { ownerWithOwnNode, trpc } from '../support/own-node'
import { simnet } from '../support/simnet'

const NODE_PASSWORD = 'my node password'
const ACCOUNT_PASSWORD = 'correct horse battery'

test('the withdrawals list pages with Load more', async ({ page }) => {
  const businessId = await ownerWithOwnNode(page, 'Paging Books', NODE_PASSWORD)
  // 53 small withdrawals, the first of 1,001 sats and the last of 1,053
  for (let i = 1; i <= 53; i++) {
    const { paymentRequest } = await simnet<{ paymentRequest: string }>(
      'POST',
      '/screening/targets/invoice',
      { amountSat: 1_000 + i },
    )
    const w = await trpc<{ status: string }>(page, 'withdrawals.confirm', {
      businessId,
      quote: { destination: paymentRequest },
      idempotencyKey: randomUUID(),
      password: ACCOUNT_PASSWORD,
    })
    expect(w.status).toBe('succeeded')
  }
  await page.goto(`/${businessId}/bitcoin/withdraw?lng=en`)
  const rows = page.getByTestId('withdrawal-row')
  await expect(rows).toHaveCount(50)
  await expect(rows.first()).toContainText('1,053 sats')
  await expect(rows.last()).toContainText('1,004 sats')
  const more = page.getByRole('button', { name: 'Load more' })
  if (process.env.E2E_SCREENSHOTS) {
    await more.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/withdraw-more-en-1280.png` })
  }
  await more.click()
  await expect(rows).toHaveCount(53)
  await expect(rows.last()).toContainText('1,001 sats')
  await expect(more).toBeHidden()
  // each withdrawal once: the amounts 1,053 down to 1,001 in order
  const amounts = await rows.locator('xpath=./div[1]/span[1]').allInnerTexts()
  expect(amounts).toEqual(
    Array.from({ length: 53 }, (_, i) => `${(1_053 - i).toLocaleString('en')} sats`),
  )
})

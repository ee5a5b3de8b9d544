/**
 * A merchant on its own node withdraws: to a Lightning invoice, to a Bitcoin address at a chosen
 * priority, and is refused an address the operator put on the denylist (by the operator command);
 * each outcome is seen in the withdrawals list.
 */
import { execFileSync } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { confirmWithdrawal, ownerWithOwnNode, poll, trpc, trpcQuery } from '../support/own-node'
import { dataDir, repoRoot } from '../support/server'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'

const NODE_PASSWORD = 'my node password'
const ACCOUNT_PASSWORD = 'correct horse battery'

/** An owner on its own node with its channel open and some coins on chain. */
async function ownerWithFundedNode(page: Page, name: string): Promise<string> {
  const businessId = await ownerWithOwnNode(page, name, NODE_PASSWORD)
  const { address } = await trpc<{ address: string }>(page, 'payments.createOnchain', {
    businessId,
    amount: { sat: 150_000 },
  })
  await simnet('POST', '/send', { address, amountSat: 150_000 })
  await simnet('POST', '/mine', { blocks: 1 })
  await poll(
    () => trpcQuery<{ onchainSat: number }>(page, 'withdrawals.balances', { businessId }),
    (b) => b.onchainSat >= 150_000,
    'the coins on chain',
  )
  return businessId
}

test('withdraws to an invoice, to an address at a chosen priority and sweeps all; a denylisted address is refused', async ({
  page,
}) => {
  const businessId = await ownerWithFundedNode(page, 'Withdraw Books')
  const withdrawPath = `/${businessId}/bitcoin/withdraw`
  await screenshots(page, withdrawPath, 'withdraw')
  await page.goto(withdrawPath)

  // a Lightning invoice, its type shown as it is typed
  const { paymentRequest } = await simnet<{ paymentRequest: string }>(
    'POST',
    '/screening/targets/invoice',
    { amountSat: 12_345 },
  )
  await page.getByLabel('Destination').fill(paymentRequest)
  await expect(page.getByText('Detected: Lightning invoice')).toBeVisible()
  await page.getByRole('button', { name: 'Review' }).click()
  await expect(page.getByTestId('withdraw-summary')).toContainText('12,345 sats')
  await confirmWithdrawal(page, ACCOUNT_PASSWORD)
  const rows = page.getByTestId('withdrawal-row')
  await expect(rows.first()).toContainText('12,345 sats')
  await expect(rows.first()).toContainText('Succeeded')

  // a Bitcoin address at high priority
  const { address } = await simnet<{ address: string }>('POST', '/screening/targets/address')
  await page.getByLabel('Destination').fill(address)
  await expect(page.getByText('Detected: Bitcoin address')).toBeVisible()
  await page.getByLabel('Amount', { exact: true }).fill('20000')
  await page.getByRole('button', { name: 'Review' }).click()
  await expect(page.getByText(/about .* · [\d,]+ sat\/vB/).first()).toBeVisible()
  await page.getByText('High', { exact: true }).click()
  await expect(page.getByTestId('withdraw-summary')).toContainText('20,000 sats')
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({
      path: `${process.env.E2E_SCREENSHOTS}/withdraw-priority-en-1280.png`,
      fullPage: true,
    })
  }
  await confirmWithdrawal(page, ACCOUNT_PASSWORD)
  await expect(rows.first()).toContainText('20,000 sats')
  await expect(rows.first()).toContainText('Succeeded')
  await expect(rows.first()).toContainText('Transaction')
  // its change counts once a block confirms it (simnet mines only when asked)
  const balances = () =>
    trpcQuery<{ onchainSat: number }>(page, 'withdrawals.balances', { businessId })
  const withoutChange = (await balances()).onchainSat
  await simnet('POST', '/mine', { blocks: 1 })
  await poll(balances, (b) => b.onchainSat > withoutChange, 'the change to confirm')

  // the operator puts an address on the denylist: refused with the reason, nothing sent
  const denied = (await simnet<{ address: string }>('POST', '/screening/targets/address')).address
  execFileSync(
    'node',
    [
      '--import',
      'tsx',
      'apps/server/src/cli/operator.ts',
      'deny-address',
      denied,
      '--reason',
      'Fraud case 7',
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' },
      stdio: 'pipe',
    },
  )
  await page.getByLabel('Destination').fill(denied)
  await page.getByLabel('Amount', { exact: true }).fill('10000')
  await page.getByRole('button', { name: 'Review' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Cannot withdraw to blacklisted address' }),
  ).toContainText('Fraud case 7')
  await expect(rows).toHaveCount(2)

  // sweep all: the whole on-chain balance less the fee and the node's reserve, as shown
  const { address: sweepTo } = await simnet<{ address: string }>(
    'POST',
    '/screening/targets/address',
  )
  await page.getByLabel('Destination').fill(sweepTo)
  await page.getByLabel('Sweep all: send the whole on-chain balance less the fee').check()
  await page.getByRole('button', { name: 'Review' }).click()
  const summary = page.getByTestId('withdraw-summary')
  await expect(summary).toContainText('Kept for channel fees')
  const arrives = (
    await summary.locator('div', { hasText: 'Arrives' }).first().innerText()
  ).replace(/\D/g, '')
  await confirmWithdrawal(page, ACCOUNT_PASSWORD)
  await expect(rows).toHaveCount(3)
  await expect(rows.first()).toContainText('Succeeded')
  await expect(rows.first()).toContainText(`${Number(arrives).toLocaleString('en')} sats`)
})

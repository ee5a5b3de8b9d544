/**
 * A merchant on its own node manages it: the node restarted by its host comes back locked, every
 * page says so, the merchant unlocks it (a wrong password first), takes a payment again, and
 * finds the node's details under Settings.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { ownerWithExchange, ownerWithNwcWallet } from '../support/application'
import { ownerWithOwnNode } from '../support/own-node'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'

const NODE_PASSWORD = 'my node password'

async function hostNodeIdOf(businessId: string): Promise<string> {
  const { nodes } = await simnet<{ nodes: { id: string; businessId: string }[] }>(
    'GET',
    '/nodehost/nodes',
  )
  const node = nodes.find((n) => n.businessId === businessId)
  if (!node) throw new Error('no hosted node')
  return node.id
}

test('a restarted node is locked until the merchant unlocks it; then it takes payments', async ({
  page,
}) => {
  const businessId = await ownerWithOwnNode(page, 'Locked Books', NODE_PASSWORD)
  await simnet('POST', `/nodehost/nodes/${await hostNodeIdOf(businessId)}/restart`)

  // A payment tried while the node is locked is refused with the reason.
  await page.clock.install()
  await page.goto(`/${businessId}/bitcoin/take-payments/lightning-payment`)
  await expect(page.getByText('Your node is locked')).toBeVisible()
  const payPath = `/${businessId}/bitcoin/take-payments/lightning-payment`
  await screenshots(page, payPath, 'node-locked')
  await screenshots(page, payPath, 'node-unlock-dialog', async () => {
    await page.locator('main [role=status] button').first().click()
  })
  await expect(page.getByText('Your node is locked')).toBeVisible()
  await page.getByRole('button', { name: '5', exact: true }).click()
  await page.getByRole('button', { name: /^Charge/ }).click()
  await expect(page.getByText('Node is not ready').first()).toBeVisible()

  await page.getByRole('button', { name: 'Unlock node' }).click()
  const dialog = page.getByRole('dialog', { name: 'Unlock your node' })
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click()
  await expect(dialog.getByText('Node password cannot be empty')).toBeVisible()
  await dialog.getByLabel('Node password').fill('not my password')
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click()
  await expect(dialog.getByText('Invalid node password. Please try again.')).toBeVisible()
  await dialog.getByLabel('Node password').fill(NODE_PASSWORD)
  await dialog.getByRole('button', { name: 'Unlock', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Your node is locked')).toBeHidden()
  await expect(page.getByText('Your node is starting')).toBeHidden()

  // Payments resume on the same page, without a reload.
  await page.getByRole('button', { name: /^Charge/ }).click()
  await expect(page.getByText('Waiting for payment')).toBeVisible()
  const href = await page.getByRole('link', { name: 'Open in wallet' }).getAttribute('href')
  const invoice = href?.replace(/^lightning:/i, '') ?? ''
  expect(invoice).toMatch(/^lnbcrt/i)
  // The paid screen makes way for the keypad a few seconds after it appears: with the page's
  // time standing still (its timers still run) it stays until the journey has seen it.
  await page.clock.setFixedTime(Date.now())
  await simnet('POST', '/pay', { invoice })
  await expect(page.getByText('Payment received', { exact: true })).toBeVisible()
  await page.clock.setSystemTime(Date.now())

  // Settings leads to the node's details: its state, identity, balances and channels.
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/bitcoin\/node-details$/)
  await expect(page.getByTestId('node-state')).toHaveText('Ready')
  await expect(page.getByText('Your node is ready and takes payments.')).toBeVisible()
  // the liquidity provider's two channels read apart
  await expect(page.getByText('Liquidity provider (channel 1)')).toBeVisible()
  await expect(page.getByText('Liquidity provider (channel 2)')).toBeVisible()
  await expect(page.getByRole('img', { name: /^Can spend [\d,]+ sats, can receive/ })).toHaveCount(
    2,
  )
  await expect(page.getByText(/^0[23][0-9a-f]{64}$/)).toBeVisible()
  await expect(page.getByText('0.18.5-beta', { exact: true })).toBeVisible()
  await screenshots(page, `/${businessId}/bitcoin/node-details`, 'node-details', async () => {
    await expect(page.getByTestId('node-state')).toBeVisible()
  })

  // Backup: a channel backup the node verified, then the seed words one at a time.
  await page.getByRole('link', { name: 'Backup' }).click()
  await expect(page).toHaveURL(/\/bitcoin\/backup$/)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download channel backup' }).click()
  expect((await downloading).suggestedFilename()).toMatch(/^channel-backup-[\d-]+\.backup$/)
  await expect(page.getByTestId('last-backup')).toContainText(/Last backup: .+ \(2 channels\)/)

  await page.getByRole('button', { name: 'Show my seed words' }).click()
  await page.getByRole('button', { name: 'Show seed words' }).click()
  await expect(page.getByText('Node password cannot be empty')).toBeVisible()
  await expect(page.getByText('Confirm that you will never share your seed words.')).toBeVisible()
  await page.getByLabel('Node password').fill('not my password')
  await page
    .getByRole('checkbox', { name: 'I will never share my seed words with anyone.' })
    .click()
  await screenshots(page, `/${businessId}/bitcoin/backup`, 'backup-seed-form', async () => {
    await page
      .getByRole('button', { name: /^(Show my seed words|Meine Seed-Wörter anzeigen)$/ })
      .click()
  })
  if (process.env.E2E_SCREENSHOTS) {
    // The shots reloaded the page: the form again.
    await page.getByRole('button', { name: 'Show my seed words' }).click()
    await page.getByLabel('Node password').fill('not my password')
    await page
      .getByRole('checkbox', { name: 'I will never share my seed words with anyone.' })
      .click()
  }
  await page.getByRole('button', { name: 'Show seed words' }).click()
  await expect(page.getByText('Invalid node password. Please try again.')).toBeVisible()
  await page.getByLabel('Node password').fill(NODE_PASSWORD)
  await page.getByRole('button', { name: 'Show seed words' }).click()
  await expect(page.getByText('Word 1 of 24')).toBeVisible()
  const seen = new Set<string>()
  for (let i = 1; i < 24; i++) {
    seen.add((await page.getByTestId('seed-word').textContent()) ?? '')
    await page.getByRole('button', { name: 'Next word' }).click()
  }
  await expect(page.getByText('Word 24 of 24')).toBeVisible()
  expect(seen.size).toBeGreaterThan(10)
  await page.getByRole('button', { name: "I've written them down" }).click()
  await expect(page.getByTestId('seed-word')).toBeHidden()
})

test('an NWC wallet: its connection under Settings, tested, then replaced', async ({ page }) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'first' })
  const businessId = await ownerWithNwcWallet(page, 'Wallet Books', uri)
  await page.goto(`/${businessId}/sales/dashboard`)
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/bitcoin\/nwc-details$/)
  await expect(page.getByTestId('nwc-state')).toHaveText('Answering')
  // what the connection allows in plain words, the protocol's name beside each
  await expect(page.getByText('Create invoices')).toBeVisible()
  await expect(page.getByText('make_invoice')).toBeVisible()
  await page.getByRole('button', { name: 'Test connection' }).click()
  await expect(page.getByText('The wallet answered')).toBeVisible()
  await screenshots(page, `/${businessId}/bitcoin/nwc-details`, 'nwc-details', async () => {
    await expect(page.getByTestId('nwc-state')).toBeVisible()
  })

  await page.getByLabel('Connection URL').fill('https://example.com')
  await page.getByRole('button', { name: 'Check and replace' }).click()
  await expect(page.locator('#nwc-url-error')).toBeVisible()
  const { uri: second } = await simnet<{ uri: string }>('POST', '/nwc/connections', {
    name: 'second',
  })
  const secondKey = /^nostr\+walletconnect:\/\/([0-9a-f]{64})/.exec(second)?.[1] ?? ''
  await page.getByLabel('Connection URL').fill(second)
  // every later payment goes to the new wallet: the owner's password first
  await page.getByLabel('Account password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Check and replace' }).click()
  await expect(page.getByText('Connection replaced')).toBeVisible()
  await expect(page.getByText(secondKey)).toBeVisible()
})

test('an exchange account: masked key, destinations, keys replaced', async ({ page }) => {
  const first = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  const businessId = await ownerWithExchange(page, 'Exchange Books', first)
  await simnet('POST', '/kraken/withdraw-keys', {
    key: first.key,
    name: 'cold storage',
    address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
  })
  await page.goto(`/${businessId}/sales/dashboard`)
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/bitcoin\/exchange-details$/)
  await expect(page.getByTestId('api-key')).toHaveText(`…${first.key.slice(-4)}`)
  await expect(page.getByText('cold storage')).toBeVisible()
  // the exchange's bitcoin balance with at most eight decimals, in sats beside it
  await expect(page.getByText(/^\d+\.\d{8} BTC$/)).toBeVisible()
  await expect(page.getByText(/^[\d,]+ sats/).first()).toBeVisible()
  await screenshots(
    page,
    `/${businessId}/bitcoin/exchange-details`,
    'exchange-details',
    async () => {
      await expect(page.getByTestId('api-key')).toBeVisible()
    },
  )

  const next = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  await page.getByLabel('New API key').fill(next.key)
  await page.getByLabel('New private key').fill(Buffer.from('wrong secret').toString('base64'))
  await page.getByLabel('Account password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Check and replace' }).click()
  await expect(page.locator('#exchange-secret-error')).toBeVisible()
  await expect(page.getByTestId('api-key')).toHaveText(`…${first.key.slice(-4)}`)
  await page.getByLabel('New private key').fill(next.secret)
  await page.getByRole('button', { name: 'Check and replace' }).click()
  await expect(page.getByText('API keys replaced')).toBeVisible()
  await expect(page.getByTestId('api-key')).toHaveText(`…${next.key.slice(-4)}`)
})

test('the operator publishes a node version; the merchant updates and unlocks the node', async ({
  page,
}) => {
  const businessId = await ownerWithOwnNode(page, 'Update Books', NODE_PASSWORD)
  // The operator's command line, against the journey's own data folder.
  const port = Number(process.env.E2E_PORT ?? 3210)
  const root = path.resolve(import.meta.dirname, '../..')
  execFileSync(
    'node',
    [
      '--import',
      'tsx',
      'apps/server/src/cli/operator.ts',
      'node-version',
      '0.19.1-beta',
      'Faster start',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: path.join(root, '.data-test', port === 3210 ? 'e2e' : `e2e-${port}`),
      },
      stdio: 'pipe',
    },
  )
  await page.goto(`/${businessId}/bitcoin/node-details`)
  await expect(page.getByText('Update available: lnd 0.19.1-beta')).toBeVisible()
  await expect(page.getByText('Faster start')).toBeVisible()
  await page.getByRole('button', { name: 'Update to 0.19.1-beta' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('An update cannot be rolled back.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Update now' }).click()
  // The page follows the node: it comes back locked, on the new version, and is unlocked.
  await expect(page.getByTestId('node-state')).toHaveText('Locked')
  await page.getByRole('button', { name: 'Unlock node' }).click()
  await page.getByRole('dialog').getByLabel('Node password').fill(NODE_PASSWORD)
  await page.getByRole('dialog').getByRole('button', { name: 'Unlock', exact: true }).click()
  await expect(page.getByTestId('node-state')).toHaveText('Ready')
  await expect(page.getByText('Your node runs lnd 0.19.1-beta.')).toBeVisible()
  await expect(page.getByText('Your node is up to date.')).toBeVisible()
})

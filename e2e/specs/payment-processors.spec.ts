/**
 * The three ways of holding money, each from an approved application to a business whose
 * dashboard opens: an exchange account, an NWC wallet, and the merchant's own node with its
 * channel deposit (the waiting page updating live while simnet confirms and opens).
 */
import { expect, test, type Page } from '@playwright/test'
import { ownerWithSubmittedApplication } from '../support/application'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'

/** The dashboard's ways of taking a payment, once the wallet's capabilities are known. */
async function expectTakePaymentLinks(page: Page, names: string[]) {
  const actions = page.getByRole('navigation', { name: 'Take a payment' })
  await expect(actions.getByRole('link')).toHaveText(names)
}

test('an exchange account: a rejected key, then the right one, then the dashboard', async ({
  page,
}) => {
  const businessId = await ownerWithSubmittedApplication(page, 'Exchange Café')
  await page.goto(`/onboarding/${businessId}/payment-processor`)
  await page.getByRole('button', { name: 'Connect an exchange account' }).click()
  await expect(page).toHaveURL(/\/new-exchange-account$/)

  const { key, secret } = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  await page.getByLabel('API key').fill(key)
  await page.getByLabel('Private key (secret)').fill(Buffer.alloc(64, 1).toString('base64'))
  await page.getByRole('button', { name: 'Connect' }).click()
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toBeVisible()
  await expect(page).toHaveURL(/\/new-exchange-account$/)

  // The error toast may cover the button: submit from the field, as a keyboard user would.
  await page.getByLabel('Private key (secret)').fill(secret)
  await page.getByLabel('Private key (secret)').press('Enter')
  await expect(page).toHaveURL(new RegExp(`/${businessId}/sales/dashboard$`))
  // offered what an exchange account takes: on chain, but no tips (no description hash)
  await expectTakePaymentLinks(page, ['Lightning payment', 'On-chain payment', 'Ecash payment'])
})

test('an NWC wallet: its connection URL, then the dashboard', async ({ page }) => {
  const businessId = await ownerWithSubmittedApplication(page, 'NWC Bakery')
  await page.goto(`/onboarding/${businessId}/payment-processor`)
  await page.getByRole('button', { name: 'Connect with NWC' }).click()
  await expect(page).toHaveURL(/\/new-nwc-node$/)

  await page.getByLabel('Connection URL').fill('https://not-a-wallet.example')
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await expect(page.getByText('This is not a connection URL.', { exact: false })).toBeVisible()

  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'bakery' })
  await page.getByLabel('Connection URL').fill(uri)
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  await expect(page).toHaveURL(new RegExp(`/${businessId}/sales/dashboard$`))
  // an NWC wallet takes Lightning only: no on-chain payment is offered
  await expectTakePaymentLinks(page, ['Lightning payment', 'Ecash payment', 'Lightning tips'])
  // opened by its address, the on-chain page says why and leads on, with no keypad to fill
  await page.goto(`/${businessId}/bitcoin/take-payments/onchain-payment`)
  await expect(page.getByText('Not possible with this wallet')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enter the amount in sats' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Take a Lightning payment' }).click()
  await expect(page).toHaveURL(/\/lightning-payment$/)
})

test('an own node: password, seed words, deposit, confirmations and channel, live', async ({
  page,
}) => {
  const businessId = await ownerWithSubmittedApplication(page, 'Node Books')
  await page.goto(`/onboarding/${businessId}/payment-processor`)
  await page.getByRole('button', { name: 'Set up my own node' }).click()
  await expect(page).toHaveURL(/\/new-lightning-node$/)

  // A short password is refused before anything is requested.
  await page.getByLabel('Node password', { exact: true }).fill('short')
  await page.getByLabel('Repeat the node password').fill('short')
  await page.getByRole('button', { name: 'Create my node' }).click()
  await expect(page).toHaveURL(/\/new-lightning-node$/)
  await expect(page.getByRole('heading', { name: 'Setting up your node' })).toBeHidden()

  await page.getByLabel('Node password', { exact: true }).fill('my node password')
  await page.getByLabel('Repeat the node password').fill('my node password')
  await page.getByRole('button', { name: 'Create my node' }).click()

  // The node moves through its states on its own; the words appear once its wallet exists.
  await page.getByRole('button', { name: 'Show my seed words' }).click({ timeout: 60_000 })
  const words = page.getByRole('list', { name: 'Seed words in order' }).getByRole('listitem')
  await expect(words).toHaveCount(24)
  await page.getByRole('checkbox', { name: 'I have written down my seed words' }).click()
  await page.getByRole('button', { name: 'Continue to the deposit' }).click()

  await expect(page).toHaveURL(/\/channel-deposit\/?$/)
  await page.getByRole('textbox', { name: 'Amount' }).fill('300000')
  await page.getByRole('button', { name: 'Create deposit address' }).click()
  await expect(page).toHaveURL(/\/channel-deposit\/[0-9a-f-]{36}\/waiting$/)
  await expect(page.getByText('Waiting for your payment to appear on the network…')).toBeVisible()
  const waitingPath = new URL(page.url()).pathname

  // Before the channel is open, `/` opens the dashboard with the funding card on top, and a
  // Lightning charge is refused: the page says why and leads to the deposit, the server too.
  await page.goto('/')
  await expect(page).toHaveURL(new RegExp(`/${businessId}/sales/dashboard$`))
  const funding = page.getByRole('status').filter({
    has: page.getByRole('heading', {
      name: 'Fund your Lightning channel to take Lightning payments',
    }),
  })
  await expect(funding).toBeVisible()
  await expect(funding.getByText('Waiting for the deposit')).toBeVisible()
  // in each language: the card's heading, whatever its words
  await screenshots(page, `/${businessId}/sales/dashboard`, 'funding-card', () =>
    expect(page.getByRole('status').getByRole('heading').first()).toBeVisible(),
  )
  await page.goto(`/${businessId}/bitcoin/take-payments/lightning-payment`)
  await expect(page.getByText('Lightning channel not open yet')).toBeVisible()
  await expect(
    page.getByText(
      'Your node cannot take Lightning payments until its channel is open. Finish the channel deposit first.',
    ),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enter the amount in sats' })).toHaveCount(0)
  await screenshots(
    page,
    `/${businessId}/bitcoin/take-payments/lightning-payment`,
    'funding-lightning-refused',
    () => expect(page.locator('main a[href$="/channel-deposit"]')).toBeVisible(),
  )
  const refused = await page.request.post('/trpc/payments.createLightning', {
    headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
    data: { json: { businessId, amount: { sat: 1_000 }, memo: '' } },
  })
  expect(refused.status()).toBe(412)
  expect(await refused.text()).toContain('NODE_CHANNEL_NOT_OPEN')
  await page.getByRole('link', { name: 'Go to the channel deposit' }).click()
  await expect(page).toHaveURL(/\/channel-deposit\/?$/)
  await page.goto(waitingPath)
  await expect(page.getByText('Waiting for your payment to appear on the network…')).toBeVisible()

  // The payer sends the deposit; blocks are mined (only when the journey mines, see
  // global-setup.ts, so each state lasts until it has been seen); the page follows without a
  // reload.
  const href = await page.getByRole('link', { name: 'Open in wallet' }).getAttribute('href')
  const address = /^bitcoin:([^?]+)/.exec(href ?? '')?.[1] ?? ''
  expect(address).toMatch(/^bcrt1q/)
  await simnet('POST', '/send', { address, amountSat: 300_000 })
  await expect(page.getByText('300,000 sats received')).toBeVisible()
  await simnet('POST', '/mine', { blocks: 3 })
  await expect(
    page.getByText('You can leave this page; the dashboard is open already.'),
  ).toBeVisible()
  await simnet('POST', '/mine', { blocks: 3 })
  await expect(page.getByRole('heading', { name: 'Your channel is open' })).toBeVisible({
    timeout: 30_000,
  })
  await page.getByRole('link', { name: 'Go to dashboard', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/${businessId}/sales/dashboard$`))

  // The channel is open: no funding card, and a Lightning charge gives an invoice.
  await expectTakePaymentLinks(page, [
    'Lightning payment',
    'On-chain payment',
    'Ecash payment',
    'Lightning tips',
  ])
  await expect(
    page.getByText('Fund your Lightning channel to take Lightning payments'),
  ).toHaveCount(0)
  await page
    .getByRole('navigation', { name: 'Take a payment' })
    .getByRole('link', { name: 'Lightning payment' })
    .click()
  await expect(page).toHaveURL(/\/lightning-payment$/)
  await expect(page.getByText('Lightning channel not open yet')).toHaveCount(0)
  for (const key of ['1', '0', '0', '0']) {
    await page.getByRole('button', { name: key, exact: true }).click()
  }
  await page.getByRole('button', { name: /^Charge/ }).click()
  await expect(page.getByRole('link', { name: 'Open in wallet' })).toBeVisible()
})

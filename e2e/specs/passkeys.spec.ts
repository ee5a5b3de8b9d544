/**
 * Passkeys in Chromium with its virtual authenticator (a platform authenticator that keeps
 * discoverable passkeys and verifies its user): an owner adds one in the account's security
 * settings, signs out, signs in with it (no email, no password), and confirms a payout's step-up
 * with the password and the passkey in place of a code.
 *
 * The site is opened at localhost: a passkey's site (RP ID) must be a name, and 127.0.0.1 is an
 * IP address. The demo server takes the page's own origin for it (PUBLIC_URL stays 127.0.0.1).
 */
import { expect, test } from '@playwright/test'
import { confirmWithdrawalStart, ownerWithOwnNode } from '../support/own-node'
import { screenshots } from '../support/screenshots'
import { serverPort } from '../support/server'
import { simnet } from '../support/simnet'

const NODE_PASSWORD = 'my node password'
const ACCOUNT_PASSWORD = 'correct horse battery'

test.use({ baseURL: `http://localhost:${serverPort}` })

test('a passkey is added, signs in, and confirms a payout in place of a code', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })

  // the owner's address is verified on the way (payouts need it)
  const businessId = await ownerWithOwnNode(page, 'Passkey Books', NODE_PASSWORD)
  const accountPath = `/${businessId}/account`

  // Added from the account's security settings, with a name.
  await page.goto(accountPath)
  const card = page.getByTestId('passkeys-card')
  await expect(card).toContainText('No passkeys yet.')
  await card.getByRole('button', { name: 'Add a passkey' }).click()
  await card.getByLabel('Name').fill('Work laptop')
  await card.getByRole('button', { name: 'Create passkey' }).click()
  const rows = card.getByTestId('passkey-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Work laptop')
  await expect(rows.first()).toContainText('never used')
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]?.isResidentCredential).toBe(true)
  expect(credentials[0]?.rpId).toBe('localhost')
  await screenshots(page, accountPath, 'account-passkeys', async () => {
    await expect(page.getByTestId('passkey-row')).toHaveCount(1)
  })

  // Signed out, and back in with the passkey alone.
  await page.goto(accountPath)
  await page.getByRole('button', { name: 'Sign out' }).first().click()
  await expect(page).toHaveURL(/\/sign-in/)
  await screenshots(page, '/sign-in', 'sign-in-passkey')
  await page.goto('/sign-in')
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).not.toHaveURL(/\/sign-in/)
  await page.goto(accountPath)
  await expect(page.getByTestId('passkey-row').first()).toContainText('last used')

  // A payout's step-up: the password, and the passkey in place of a code.
  const { paymentRequest } = await simnet<{ paymentRequest: string }>(
    'POST',
    '/screening/targets/invoice',
    { amountSat: 4_321 },
  )
  await page.goto(`/${businessId}/bitcoin/withdraw`)
  await page.getByLabel('Destination').fill(paymentRequest)
  await page.getByRole('button', { name: 'Review' }).click()
  await expect(page.getByTestId('withdraw-summary')).toContainText('4,321 sats')
  const dialog = await confirmWithdrawalStart(page, ACCOUNT_PASSWORD)
  await dialog.getByRole('button', { name: 'Use a passkey instead of a code' }).click()
  await expect(dialog.getByText('Passkey confirmed')).toBeVisible()
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({
      path: `${process.env.E2E_SCREENSHOTS}/withdraw-passkey-en-1280.png`,
      animations: 'disabled',
    })
  }
  await dialog.getByRole('button', { name: 'Send now' }).click()
  await expect(dialog).toBeHidden()
  const withdrawals = page.getByTestId('withdrawal-row')
  await expect(withdrawals.first()).toContainText('4,321 sats')
  await expect(withdrawals.first()).toContainText('Succeeded')
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  // signed in once and confirmed once: the authenticator's counter moved with each use
  expect(after.credentials[0]?.signCount).toBeGreaterThanOrEqual(2)

  // Removed with the account password: missing and wrong ones are said beside the field.
  await page.goto(accountPath)
  await card.getByRole('button', { name: 'Remove Work laptop' }).click()
  const remove = page.getByRole('dialog')
  await expect(remove).toContainText('“Work laptop” will no longer sign you in')
  await remove.getByRole('button', { name: 'Remove' }).click()
  await expect(remove).toContainText('Enter your password.')
  await remove.getByLabel('Account password').fill('not my password')
  await remove.getByRole('button', { name: 'Remove' }).click()
  await expect(remove).toContainText('The password is incorrect.')
  await expect(rows).toHaveCount(1)
  await remove.getByLabel('Account password').fill(ACCOUNT_PASSWORD)
  await remove.getByRole('button', { name: 'Remove' }).click()
  await expect(remove).toBeHidden()
  await expect(card).toContainText('No passkeys yet.')
})

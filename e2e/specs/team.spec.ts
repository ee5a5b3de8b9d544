/**
 * A business is a team: its owner invites an accountant by email from the Team page; the
 * accountant opens the invitation's link from the mail in the demo mailbox page, signs up with
 * that address, accepts, and sees the sales but no payouts, settings, devices or team, and a
 * payout or settings page opened by its URL says it is closed for their role. Screenshots of the
 * Team page, the invitation's page and the notice asking to confirm the address.
 */
import { expect, test } from '@playwright/test'
import { ownerWithExchange } from '../support/application'
import { openMail } from '../support/mailbox'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'

test('an owner invites an accountant, who signs up from the link and sees sales only', async ({
  page,
  browser,
}) => {
  const credentials = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  const businessId = await ownerWithExchange(page, 'Corner Café', credentials)
  const teamPath = `/${businessId}/team`
  await page.setViewportSize({ width: 1280, height: 900 })

  // The owner's sidebar leads to the Team page, which lists them as the owner.
  await page.goto(`/${businessId}/sales/dashboard`)
  await page.getByRole('link', { name: 'Team' }).click()
  await expect(page).toHaveURL(new RegExp(`${teamPath}$`))
  const members = page.getByRole('list', { name: 'Members' })
  await expect(members.getByRole('listitem')).toHaveCount(1)
  await expect(members).toContainText('Owner')

  // The invitation, with the role explained; the address must be a valid one.
  const email = `accountant-${Date.now()}@example.com`
  await page.getByRole('button', { name: 'Invite' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite someone' })
  await dialog.getByLabel('Email address').fill('not an address')
  await dialog.getByLabel('Role').selectOption('accountant')
  await expect(dialog).toContainText('Changes nothing')
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(dialog).toContainText('Enter a valid email address.')
  await dialog.getByLabel('Email address').fill(email)
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  const link = await dialog.getByTestId('invite-link').inputValue()
  expect(link).toMatch(/\/invitations\/[\w-]{40,}$/)
  await dialog.getByRole('button', { name: 'Done' }).click()
  const invitations = page.getByRole('list', { name: 'Open invitations' })
  await expect(invitations).toContainText(email)
  await expect(invitations).toContainText('Accountant')
  await screenshots(page, teamPath, 'team')

  // The accountant, in a browser of their own, opens the invitation mail in the demo mailbox
  // page; its link offers the business and the role.
  const context = await browser.newContext()
  const accountant = await context.newPage()
  const invitationPath = new URL(link).pathname
  const mail = await openMail(accountant, email, 'invites you to Corner Café', 'Plain text')
  await expect(mail).toContainText('to join Corner Café on My product as accountant')
  await mail.getByRole('link', { name: link }).click()
  await expect(accountant).toHaveURL(new RegExp(`${invitationPath}$`))
  await expect(
    accountant.getByText('You are invited to join Corner Café as Accountant'),
  ).toBeVisible()
  // not signed in yet: nothing to sign out of
  await expect(accountant.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
  await screenshots(accountant, invitationPath, 'invitation', async () => {
    await expect(accountant.getByRole('link', { name: /Sign up|Registrieren/ })).toBeVisible()
  })
  await accountant.getByRole('link', { name: 'Sign up to accept' }).click()
  await expect(accountant).toHaveURL(/\/sign-up\?redirect=/)
  await accountant.getByLabel('Email').fill(email)
  await accountant.getByLabel('Password', { exact: true }).fill('correct horse battery')
  await accountant.getByRole('button', { name: 'Create account' }).click()
  await expect(accountant).toHaveURL(new RegExp(`${invitationPath}$`))
  await accountant.getByRole('button', { name: 'Accept the invitation' }).click()
  await expect(accountant).toHaveURL(new RegExp(`/${businessId}/sales/dashboard$`))
  // signed up from the link, the address is yet to be confirmed: the notice above every page
  await expect(accountant.getByTestId('verify-email-notice')).toContainText(email)
  await screenshots(
    accountant,
    `/${businessId}/sales/dashboard`,
    'verify-email-notice',
    async () => {
      await expect(accountant.getByTestId('verify-email-notice')).toBeVisible()
    },
  )

  // Sales, yes; no taking payments, no settings, devices, team or audit of changes they cannot make.
  const nav = accountant.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Sales' })).toBeVisible()
  for (const name of ['Settings', 'Devices', 'Team']) {
    await expect(nav.getByRole('link', { name })).toHaveCount(0)
  }
  await expect(accountant.getByRole('button', { name: /Corner Café/ })).toContainText('Accountant')
  await expect(accountant.getByRole('link', { name: 'Lightning payment' })).toHaveCount(0)
  await nav.getByRole('link', { name: 'Sales' }).click()
  await expect(accountant).toHaveURL(new RegExp(`/${businessId}/sales/transactions`))

  // A payout or settings page opened by its URL is closed for the role, and says so.
  for (const path of ['bitcoin/withdraw', 'bitcoin/exchange-details', 'team']) {
    await accountant.goto(`/${businessId}/${path}`)
    await expect(accountant.getByTestId('closed-for-role')).toContainText('Closed for your role')
    await expect(accountant.getByTestId('closed-for-role')).toContainText('Accountant')
  }
  await screenshots(accountant, `/${businessId}/bitcoin/withdraw`, 'closed-for-role')

  // Back at the owner's Team page: the accountant is a member, the invitation is gone.
  await page.goto(teamPath)
  await expect(members.getByRole('listitem')).toHaveCount(2)
  await expect(members).toContainText(email)
  await expect(page.getByText('No open invitations.')).toBeVisible()
  await context.close()
})

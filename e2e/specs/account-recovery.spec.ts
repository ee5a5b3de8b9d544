/**
 * Account recovery through the demo mailbox: a user who forgot their password asks for a link on
 * the sign-in page, opens the mail in the demo mailbox page, follows its link, chooses a new
 * password and is told every session ended (another browser's session has); the new password
 * signs in, the old one is refused, and the link does not work twice. A user who switched the
 * interface to German gets their mail in German. Screenshots of the forgot-password, reset,
 * verification-result and mailbox pages.
 */
import { expect, test, type Page } from '@playwright/test'
import { mailedLink, openMail } from '../support/mailbox'
import { DASHBOARD_SHOTS, screenshots, settled } from '../support/screenshots'

const OLD_PASSWORD = 'correct horse battery'
const NEW_PASSWORD = 'a brand new passphrase'

const uniqueEmail = (who: string) =>
  `${who}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`

async function signUp(page: Page, email: string, labels = SIGN_UP_EN) {
  await page.goto('/sign-up')
  await page.getByLabel(labels.email, { exact: true }).fill(email)
  await page.getByLabel(labels.password, { exact: true }).fill(OLD_PASSWORD)
  await page.getByRole('button', { name: labels.submit }).click()
  await expect(page).toHaveURL(/\/onboarding\/new-business$/)
}
const SIGN_UP_EN = { email: 'Email', password: 'Password', submit: 'Create account' }

test('a forgotten password is reset from the link in the demo mailbox', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('forgetful')
  await signUp(page, email)

  // The same account is signed in on another browser too.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await otherPage.goto('/sign-in')
  await otherPage.getByLabel('Email').fill(email)
  await otherPage.getByLabel('Password', { exact: true }).fill(OLD_PASSWORD)
  await otherPage.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(otherPage).toHaveURL(/\/onboarding\/new-business$/)

  // Signed out, the password forgotten: "Forgot password?" on the sign-in page.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/sign-in/)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await screenshots(page, '/forgot-password', 'forgot-password', async () => {
    await expect(page.getByLabel(/^(Email|E-Mail)$/)).toBeVisible()
  })
  await page.getByLabel('Email').fill('not an address')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(
    page.getByText('Enter a valid email address, such as name@company.com.'),
  ).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
  await expect(page.getByText(`If ${email} belongs to an account`)).toBeVisible()

  // The mail, in the demo mailbox page; its link leads to the reset page.
  const mail = await openMail(page, email, 'Reset your password', 'Plain text')
  await expect(mail).toContainText('valid for 30 minutes and works once')
  await mail.getByRole('link', { name: /\/link\/reset-password\// }).click()
  await expect(page).toHaveURL(/\/link\/reset-password\/[\w-]{20,}$/)
  const resetPath = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await expect(page.getByText(`For the account ${email}.`)).toBeVisible()
  await screenshots(page, resetPath, 'reset-password', async () => {
    await expect(page.getByLabel(/^(New password|Neues Passwort)$/)).toBeVisible()
  })
  await screenshots(page, '/demo-mailbox', 'demo-mailbox', async () => {
    // the opened mail's HTML is in (a frame loads after the page settles)
    await expect(
      page.getByRole('article').frameLocator('iframe').locator('a').first(),
    ).toBeVisible()
  })
  await page.goto(resetPath)

  // The new password, twice; the page says every session ended.
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Repeat the new password').fill('something else entirely')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page.getByText('The passwords do not match.')).toBeVisible()
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible()
  await expect(page.getByText('Every other session has been ended.')).toBeVisible()

  // The other browser's session has ended.
  await otherPage.reload()
  await expect(otherPage).toHaveURL(/\/sign-in/)
  await other.close()

  // The old password is refused; the new one signs in.
  await page.getByRole('link', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/sign-in/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(OLD_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText(
    'The email address or password is incorrect.',
  )
  await expect(page).toHaveURL(/\/sign-in/)
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/onboarding\/new-business$/)

  // The link worked once.
  await page.goto(resetPath)
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
})

test('a user who chose German gets German mail: the verification and the reset', async ({
  page,
}) => {
  const email = uniqueEmail('deutsch')
  // The interface switched to German on the sign-up page; the account keeps the choice for mail.
  await page.goto('/sign-up')
  await page.getByLabel('Language').selectOption('de')
  await expect(page.getByRole('button', { name: 'Konto erstellen' })).toBeVisible()
  await signUp(page, email, { email: 'E-Mail', password: 'Passwort', submit: 'Konto erstellen' })

  // The verification mail, in German, as HTML and as text.
  const verify = await openMail(page, email, 'Bestätigen Sie Ihre E-Mail-Adresse', 'Nur Text')
  await expect(verify).toContainText('Bitte bestätigen Sie, dass dies die E-Mail-Adresse')
  await verify.getByRole('button', { name: 'Formatiert' }).click()
  await expect(
    verify.frameLocator('iframe').getByRole('link', { name: 'Adresse bestätigen', exact: true }),
  ).toBeVisible()

  // A reset asked for from the German pages: the mail is German too.
  await page.goto('/onboarding/new-business')
  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(/\/sign-in/)
  await expect(page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible()
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click()
  await page.getByLabel('E-Mail').fill(email)
  await page.getByRole('button', { name: 'Link senden' }).click()
  await expect(page.getByRole('heading', { name: 'Sehen Sie in Ihr Postfach' })).toBeVisible()
  const reset = await openMail(page, email, 'Passwort zurücksetzen', 'Nur Text')
  await expect(reset).toContainText('Der Link unten gilt 30 Minuten und funktioniert einmal.')
  await reset.getByRole('button', { name: 'Formatiert' }).click()
  await expect(
    reset.frameLocator('iframe').getByRole('link', { name: 'Neues Passwort wählen' }),
  ).toBeVisible()
})

test('screenshots: the verification link confirms the address', async ({ browser }) => {
  test.skip(!process.env.E2E_SCREENSHOTS, 'screenshots only')
  // Each link works once: one new account per language and window.
  for (const lng of DASHBOARD_SHOTS.languages) {
    for (const viewport of DASHBOARD_SHOTS.viewports) {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      const email = uniqueEmail(`verify-${lng}`)
      await signUp(page, email)
      const link = await mailedLink(page, email, '/link/verify-email/')
      await page.goto(`${new URL(link).pathname}?lng=${lng}`)
      await expect(
        page.getByRole('heading', { name: /^(Email address confirmed|E-Mail-Adresse bestätigt)$/ }),
      ).toBeVisible()
      await settled(page)
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/verify-email-done-${lng}-${viewport.width}.png`,
        fullPage: true,
        animations: 'disabled',
      })
      await context.close()
    }
  }
})

/**
 * A new user's first minutes: sign up, create a business, sign out, come back through
 * sign-in to the page they asked for (and sign-in opened while signed in goes on to it); a wrong
 * password; German.
 */
import { expect, test } from '@playwright/test'

const password = 'correct horse battery'

test('sign up, create a business, sign out and return to the page asked for', async ({ page }) => {
  const email = `owner-${Date.now()}@example.com`

  await page.goto('/')
  await expect(page).toHaveURL(/\/sign-in/)
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page).toHaveTitle('Create account | My product')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page).toHaveURL(/\/onboarding\/new-business$/)
  await expect(page.getByText('Simulated network — no real bitcoin moves')).toBeVisible()
  await page.getByLabel('Business name').fill('Corner Café')
  await page.getByRole('button', { name: 'Create business' }).click()
  await expect(page).toHaveURL(/\/onboarding\/[0-9a-f-]{36}\/company-details$/)
  const askedFor = new URL(page.url()).pathname
  const businessId = askedFor.split('/')[2] ?? ''

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/sign-in/)

  // Signed out, a business page sends you to sign in, and back after.
  await page.goto(askedFor)
  await expect(page).toHaveURL(/\/sign-in\?redirect=/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`${askedFor}$`))

  // Signed in already, sign-in goes straight on to the page asked for: on this site only.
  await page.goto('/sign-in?redirect=' + encodeURIComponent('/onboarding/new-business'))
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/onboarding\/new-business$/)
  await page.goto('/sign-in?redirect=' + encodeURIComponent('//evil.example/steal'))
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:\\d+${askedFor}$`))

  // The business area is closed until onboarding is done: the account page leads back.
  await page.goto(`/${businessId}/account`)
  await expect(page).toHaveURL(new RegExp(`${askedFor}$`))
})

test('a wrong password shows a destructive toast and keeps you on sign-in', async ({ page }) => {
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill('nobody@example.com')
  await page.getByLabel('Password', { exact: true }).fill('wrong password 1')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const toast = page.locator('[data-sonner-toast][data-type="error"]')
  await expect(toast).toContainText('Sign-in failed')
  await expect(toast).toContainText('The email address or password is incorrect.')
  await expect(page).toHaveURL(/\/sign-in/)
})

test('a redirect to another site is ignored', async ({ page }) => {
  const email = `redirect-${Date.now()}@example.com`
  await page.goto('/sign-up')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/onboarding\/new-business$/)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/sign-in/)
  await page.goto('/sign-in?redirect=' + encodeURIComponent('https://evil.example/steal'))
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/onboarding\/new-business$/)
})

test('?lng=de shows German', async ({ page }) => {
  await page.goto('/sign-in?lng=de')
  await expect(page.getByRole('heading', { name: 'Bei Ihrem Konto anmelden' })).toBeVisible()
  await expect(page).toHaveTitle(/\| My product$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
})

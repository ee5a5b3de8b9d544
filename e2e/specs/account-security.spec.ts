/**
 * Account security on the Account page: two-step verification set up by scanning its key and
 * typing a code, sign-in asking for a code after the password, and the sessions list signing
 * another browser out. Screenshots of the page go to /tmp/shots for review.
 */
import { expect, test, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { ownerWithExchange } from '../support/application'
import { simnet } from '../support/simnet'

const password = 'correct horse battery'
const shots = '/tmp/shots'

const STEP_MS = 30_000
/** How long a code may take from here to the server's check (typing it, a busy machine). */
const TYPING_MS = 20_000

/**
 * The authenticator app: each code it gives is of a later time step than the one before (the
 * server takes a step once) and stays good for at least TYPING_MS. The server takes the codes of
 * its own step and the steps either side, so a code of step s is good until step s + 2 begins.
 */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })
  let lastStep = -Infinity
  return async function nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now()
      const current = Math.floor(now / STEP_MS)
      let step = Math.max(lastStep + 1, current - 1)
      if ((step + 2) * STEP_MS - now < TYPING_MS) step += 1
      if (step <= current + 1) {
        lastStep = step
        return totp.generate({ timestamp: step * STEP_MS })
      }
      // the step after the last one used is not taken yet: wait for the next step to begin
      await new Promise((r) => setTimeout(r, (current + 1) * STEP_MS - now + 100))
    }
  }
}

async function profileEmail(page: Page): Promise<string> {
  const res = await page.request.get('/trpc/auth.getProfile')
  const body = (await res.json()) as { result: { data: { json: { email: string } } } }
  return body.result.data.json.email
}

async function signIn(page: Page, email: string, code: string) {
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()
  await page.getByLabel('Authentication code').fill(code)
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(page).not.toHaveURL(/\/sign-in/)
}

test('two-step verification and the sessions list', async ({ page, browser }) => {
  const credentials = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  const businessId = await ownerWithExchange(page, 'Secure Café', credentials)
  const email = await profileEmail(page)
  const account = `/${businessId}/account`

  // Set up: scan (here: read) the key, confirm with a code, see the recovery codes once.
  await page.goto(account)
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible()
  await expect(page.getByText('Your account is protected by your password only.')).toBeVisible()
  await page.getByRole('button', { name: 'Set up' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret')) ?? ''
  expect(secret).toMatch(/^[A-Z2-7]+$/)
  const nextCode = authenticator(secret)
  await page.evaluate('window.scrollTo(0, 0)')
  await page.screenshot({ path: `${shots}/account-enrol-en-wide.png`, fullPage: true })

  await page.getByLabel('Code from the app').fill('000000')
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByText('This code is not right or was already used.')).toBeVisible()
  await page.getByLabel('Code from the app').fill(await nextCode())
  await page.getByRole('button', { name: 'Turn on' }).click()
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  await page.evaluate('window.scrollTo(0, 0)')
  await page.screenshot({ path: `${shots}/account-recovery-en-wide.png`, fullPage: true })
  const saved = await codes.allTextContents()
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await expect(page.getByText('10 recovery codes left.')).toBeVisible()
  await expect(codes).toHaveCount(0)

  // Sign out, and back in: the password, then a code.
  await page.getByRole('button', { name: 'Sign out' }).first().click()
  await expect(page).toHaveURL(/\/sign-in/)
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible()
  await expect(page.getByText(`Signing in as ${email}`)).toBeVisible()
  await page.screenshot({ path: `${shots}/sign-in-code-en-wide.png`, fullPage: true })
  // No session before the code: the account page still sends to sign-in.
  expect(await page.request.get('/trpc/auth.getProfile').then((r) => r.text())).toContain(
    '"json":null',
  )
  await page.getByLabel('Authentication code').fill(await nextCode())
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(page).not.toHaveURL(/\/sign-in/)

  // A second browser signs in too; the first sees it in the list and signs it out.
  const other = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  })
  const phone = await other.newPage()
  await signIn(phone, email, await nextCode())

  await page.goto(account)
  const rows = page.getByTestId('session-row')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1)
  const phoneRow = rows.filter({ hasText: 'Safari on iOS' })
  await expect(phoneRow).toHaveCount(1)
  await expect(page.getByText('On since')).toBeVisible()

  for (const [lng, width, height, name] of [
    ['en', 1280, 900, 'wide'],
    ['en', 390, 844, 'narrow'],
    ['de', 1280, 900, 'wide'],
    ['de', 390, 844, 'narrow'],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.goto(`${account}?lng=${lng}`)
    await expect(page.getByTestId('session-row')).toHaveCount(2)
    await page.screenshot({ path: `${shots}/account-${lng}-${name}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${account}?lng=en`)

  await phoneRow.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText('Session signed out')).toBeVisible()
  await expect(rows).toHaveCount(1)
  // The signed-out browser is sent to sign in.
  await phone.goto(account)
  await expect(phone).toHaveURL(/\/sign-in/)
  await other.close()

  // New recovery codes for one of the old ones: ten new ones, shown once.
  await page.getByRole('button', { name: 'New recovery codes' }).click()
  await page.getByLabel('Code from the app or recovery code').fill(saved[0] ?? '')
  await page.getByRole('dialog').getByRole('button', { name: 'New recovery codes' }).click()
  await expect(codes).toHaveCount(10)
  expect(await codes.allTextContents()).not.toContain(saved[1])
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await expect(page.getByText('10 recovery codes left.')).toBeVisible()
})

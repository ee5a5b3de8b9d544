/**
 * Staff sign-in at the terminal as on a card terminal: the cashier taps their name, then keys
 * their PIN. Correct sign-ins never count (a busy till signs in per order); wrong PINs spread
 * over two devices lock that staff member, whom both terminals then show locked, while the
 * other staff keep signing in.
 */
import { expect, test, type Page } from '@playwright/test'
import { ownerWithNwcWallet } from '../support/application'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'
import {
  keyPin,
  ownerCall,
  TERMINAL_SHOTS,
  signInStaff,
  staffIdAtTerminal,
  terminalPage,
  terminalQuery,
  type Device,
  NO_PERMISSIONS,
  pairingPath,
  shoot,
} from '../support/terminal'

/** A staff sign-in as the terminal's page sends it; the error code when refused. */
async function staffSignIn(page: Page, input: unknown): Promise<string> {
  const res = await page.request.post('/trpc/device.staffSignIn', {
    headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
    data: { json: input },
  })
  if (res.status() === 200) return 'OK'
  const body = (await res.json()) as { error: { json: { data: { appCode?: string } } } }
  return body.error.json.data.appCode ?? String(res.status())
}

test('name then PIN; correct sign-ins never lock; 12 wrong PINs over two devices lock', async ({
  page,
  browser,
  baseURL,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'lockout' })
  const businessId = await ownerWithNwcWallet(page, 'Lock Café', uri)
  for (const [name, pin] of [
    ['Ann', '2580'],
    ['Ben', '1357'],
  ] as const) {
    await ownerCall(page, 'staff.create', {
      businessId,
      name,
      language: 'none',
      pin,
      permissions: NO_PERMISSIONS,
    })
  }
  const devices: Device[] = []
  for (const name of ['Front', 'Back']) {
    devices.push(
      await ownerCall<Device>(page, 'devices.create', { businessId, name, isKiosk: false }),
    )
  }
  const [front, back] = await Promise.all(
    devices.map(async ({ credentials }) => {
      const t = await terminalPage(browser, baseURL ?? '')
      await t.page.goto(pairingPath(credentials))
      return t
    }),
  )
  if (!front || !back) throw new Error('two terminals')

  // The picker: every staff member's name; a wrong PIN says so.
  await expect(front.page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(front.page.getByRole('list', { name: 'Staff' }).getByRole('button')).toHaveCount(2)
  await screenshots(
    front.page,
    '/terminal/staff',
    'terminal-staff-picker',
    async () => {
      await expect(front.page.getByRole('button', { name: 'Ben', exact: true })).toBeVisible()
    },
    TERMINAL_SHOTS,
  )
  await front.page.getByRole('button', { name: 'Ann', exact: true }).click()
  await expect(front.page.getByText('Enter your PIN.')).toBeVisible()
  await screenshots(
    front.page,
    '/terminal/staff',
    'terminal-staff-pin',
    async () => {
      await front.page.getByRole('list').getByRole('button', { name: 'Ann' }).click()
    },
    TERMINAL_SHOTS,
  )
  await keyPin(front.page, '9999')
  await expect(front.page.getByRole('alert')).toHaveText('Unknown PIN. Try again.')

  // Ben signs in at the front terminal per order, far more often than the limit of wrong tries.
  const ben = await staffIdAtTerminal(front.page, 'Ben')
  for (let i = 0; i < 14; i++) {
    expect(await staffSignIn(front.page, { staffId: ben, pin: '1357' })).toBe('OK')
  }

  // Wrong PINs for Ann, spread over both devices (one was keyed above): she ends locked.
  const ann = await staffIdAtTerminal(front.page, 'Ann')
  const answers: string[] = []
  for (let i = 1; i < 12; i++) {
    const at = i % 2 === 0 ? front.page : back.page
    answers.push(await staffSignIn(at, { staffId: ann, pin: String(1000 + i) }))
  }
  expect(answers.every((a) => a === 'INVALID_CREDENTIALS' || a === 'STAFF_LOCKED')).toBe(true)
  expect(answers.at(-1)).toBe('STAFF_LOCKED')
  // her right PIN no longer signs her in, at either device
  expect(await staffSignIn(back.page, { staffId: ann, pin: '2580' })).toBe('STAFF_LOCKED')
  const listed = await terminalQuery<{ name: string; locked: boolean }[]>(
    back.page,
    'device.staff',
    undefined,
  )
  expect(listed.map((s) => [s.name, s.locked])).toEqual([
    ['Ann', true],
    ['Ben', false],
  ])

  // The terminals show her locked; Ben still signs in with his name and PIN.
  await back.page.goto('/terminal/staff')
  const locked = back.page.getByRole('button', { name: 'Ann, locked' })
  await expect(locked).toBeDisabled()
  await expect(locked).toContainText('Locked')
  await screenshots(
    back.page,
    '/terminal/staff',
    'terminal-staff-locked',
    async () => {
      await expect(back.page.getByRole('button', { name: /Ann, / })).toBeDisabled()
    },
    TERMINAL_SHOTS,
  )
  await signInStaff(back.page, 'Ben', '1357')
  await expect(back.page.getByRole('group', { name: 'Keypad' })).toBeVisible()
  await expect(back.page.getByRole('banner').getByText('Ben')).toBeVisible()
  // the keypad at a phone's width, an amount keyed: every way to pay above the fold
  await back.page.keyboard.type('5')
  for (const method of ['Lightning', 'Ecash']) {
    await expect(back.page.getByRole('button', { name: method })).toBeInViewport({ ratio: 1 })
  }
  await shoot(back.page, 'keypad-en')

  // The front terminal shows her locked too, until the owner unlocks her.
  await front.page.goto('/terminal/staff')
  await expect(front.page.getByRole('button', { name: 'Ann, locked' })).toBeDisabled()

  // The owner is told on every page of the business, and unlocks her on the staff page.
  await page.goto(`/${businessId}`)
  const notice = page.getByTestId('staff-lock-notice')
  await expect(notice).toContainText('Staff locked out')
  await expect(notice).toContainText('Ann')
  await notice.getByRole('link', { name: 'Open staff logins' }).click()
  await expect(page).toHaveURL(new RegExp(`/${businessId}/devices/stafflogins$`))
  const annCard = page.getByTestId('staff-card').filter({ hasText: 'Ann' })
  await expect(annCard.getByText('after 10 wrong PINs in a row')).toBeVisible()
  await expect(page.getByTestId('staff-card').filter({ hasText: 'Ben' })).not.toContainText(
    'Locked',
  )
  await screenshots(page, `/${businessId}/devices/stafflogins`, 'staff-logins-locked', async () => {
    await expect(page.getByTestId('staff-card').filter({ hasText: 'Ann' })).toHaveCount(1)
    await expect(page.getByTestId('staff-lock-notice')).toBeVisible()
  })
  await annCard.getByRole('button', { name: 'Unlock' }).click()
  await expect(annCard.getByText('Locked')).toHaveCount(0)
  await expect(page.getByTestId('staff-lock-notice')).toHaveCount(0)

  // Unlocked, she signs in with her name and PIN again.
  await front.page.goto('/terminal/staff')
  await signInStaff(front.page, 'Ann', '2580')
  await expect(front.page.getByRole('group', { name: 'Keypad' })).toBeVisible()
  await expect(front.page.getByRole('banner').getByText('Ann')).toBeVisible()
  await front.context.close()
  await back.context.close()
})

/**
 * Pairing and kiosk mode at the terminal: a wrong secret is said in the terminal's words and
 * announced; a pairing link opened on a paired terminal asks first, naming both businesses, and
 * cancelling keeps the pairing; switching a device to kiosk in the dashboard applies live (no
 * staff menu, no staff member, no sign-out) and back; unpairing asks for a confirmation, and at
 * a kiosk the PIN of a staff member who may close the day.
 */
import { expect, test, type Page } from '@playwright/test'
import { ownerWithNwcWallet } from '../support/application'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'
import {
  keyPin,
  ownerCall,
  PHONE,
  TERMINAL_SHOTS,
  signInStaff,
  terminalPage,
  type Device,
  NO_PERMISSIONS,
  pairingPath,
} from '../support/terminal'

/** Opens the unpair dialog from the terminal's menu, in English or Dutch (for the shots). */
async function openUnpair(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: /Unpair this terminal|Terminal ontkoppelen/ }).click()
}

test('a wrong secret is announced; re-pairing asks first and cancelling keeps the pairing', async ({
  page,
  browser,
  baseURL,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'repair' })
  const bakeryId = await ownerWithNwcWallet(page, 'Old Bakery', uri)
  const front = await ownerCall<Device>(page, 'devices.create', {
    businessId: bakeryId,
    name: 'Front',
    isKiosk: false,
  })
  // another business, another owner
  const other = await browser.newContext({ baseURL })
  const otherPage = await other.newPage()
  const { uri: uri2 } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'deli' })
  const deliId = await ownerWithNwcWallet(otherPage, 'New Deli', uri2)
  await ownerCall(otherPage, 'staff.create', {
    businessId: deliId,
    name: 'Dee',
    language: 'none',
    pin: '4826',
    permissions: NO_PERMISSIONS,
  })
  const till = await ownerCall<Device>(otherPage, 'devices.create', {
    businessId: deliId,
    name: 'Till 2',
    isKiosk: false,
  })

  const t = await terminalPage(browser, baseURL ?? '')
  // A wrong secret: the terminal's words, announced to screen readers.
  await t.page.goto('/terminal/pair')
  await t.page.getByLabel('Login id').fill(front.credentials.loginId)
  await t.page.getByLabel('Secret').fill('x'.repeat(43))
  await t.page.getByRole('button', { name: 'Pair', exact: true }).click()
  await expect(t.page.getByRole('alert')).toHaveText(
    'The login id or secret is wrong, or the device was removed.',
  )
  await expect(t.page.getByText('email address')).toHaveCount(0)
  await screenshots(
    t.page,
    '/terminal/pair',
    'terminal-pair-wrong-secret',
    async () => {
      await t.page.locator('#loginId').fill(front.credentials.loginId)
      await t.page.locator('#secret').fill('x'.repeat(43))
      await t.page.locator('form button[type="submit"]').click()
      await expect(t.page.getByRole('alert')).toHaveText(/\S/)
    },
    TERMINAL_SHOTS,
  )

  await t.page.goto(pairingPath(front.credentials))
  await expect(t.page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(t.page.getByText('No staff logins yet.', { exact: false })).toBeVisible()

  // The other business's link on this paired terminal: it asks, and cancelling keeps it.
  await t.page.goto(pairingPath(till.credentials))
  await expect(
    t.page.getByText(
      'This terminal is paired to Old Bakery (Front). Pair it to New Deli (Till 2) instead?',
    ),
  ).toBeVisible()
  await screenshots(
    t.page,
    pairingPath(till.credentials),
    'terminal-repair-ask',
    async () => {
      await expect(t.page.getByRole('button', { name: /Old Bakery/ })).toBeVisible()
    },
    TERMINAL_SHOTS,
  )
  await t.page.getByRole('button', { name: 'Keep Old Bakery' }).click()
  await expect(t.page).toHaveURL(/\/terminal\/staff$/)
  expect(t.page.url()).not.toContain('secret')
  await expect(t.page.getByText('Front')).toBeVisible()

  // Asked again and accepted: now paired to the deli, whose staff sign in.
  await t.page.goto(pairingPath(till.credentials))
  await t.page.getByRole('button', { name: 'Pair to New Deli' }).click()
  await expect(t.page.getByRole('heading', { name: 'Dee' })).toBeVisible()
  await expect(t.page.getByText('Till 2')).toHaveCount(0)
  await keyPin(t.page, '4826')
  await expect(t.page.getByRole('group', { name: 'Keypad' })).toBeVisible()
  await expect(t.page.getByRole('banner').getByText('New Deli')).toBeVisible()
  await other.close()
  await t.context.close()
})

test('a kiosk switch applies live; a kiosk has no staff menu and unpairs with a PIN', async ({
  page,
  browser,
  baseURL,
}) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'kiosk2' })
  const businessId = await ownerWithNwcWallet(page, 'Switch Café', uri)
  for (const [name, pin, eodReport] of [
    ['Kim', '135790', true],
    ['Lee', '2468', false],
  ] as const) {
    await ownerCall(page, 'staff.create', {
      businessId,
      name,
      language: 'none',
      pin,
      permissions: { ...NO_PERMISSIONS, eodReport },
    })
  }
  const counter = await ownerCall<Device>(page, 'devices.create', {
    businessId,
    name: 'Counter',
    isKiosk: false,
  })
  // no screen saver over the kiosk's screen while the journey looks at it
  await ownerCall(page, 'deviceSettings.update', { businessId, screenSaverDelaySec: 0 })
  const setKiosk = (isKiosk: boolean) =>
    ownerCall(page, 'devices.update', { businessId, deviceId: counter.device.id, isKiosk })

  const t = await terminalPage(browser, baseURL ?? '')
  await t.page.goto(pairingPath(counter.credentials))
  await signInStaff(t.page, 'Lee', '2468')
  await expect(t.page.getByRole('banner').getByText('Lee')).toBeVisible()

  // A counter terminal unpairs after a confirmation; cancelling keeps it paired.
  await t.page.getByRole('button', { name: 'Menu' }).click()
  await t.page.getByRole('button', { name: 'Unpair this terminal' }).click()
  const confirm = t.page.getByRole('dialog', { name: 'Unpair this terminal' })
  await expect(confirm.getByText('until it is paired again', { exact: false })).toBeVisible()
  await screenshots(
    t.page,
    '/terminal',
    'terminal-unpair-confirm',
    () => openUnpair(t.page),
    TERMINAL_SHOTS,
  )
  await confirm.getByRole('button', { name: 'Cancel' }).first().click()
  await expect(confirm).toHaveCount(0)

  // Switched to kiosk in the dashboard: the terminal changes at once, without a reload.
  await t.page.evaluate('window.notReloaded = true')
  await setKiosk(true)
  await expect(t.page.getByText('Waiting for the till…')).toBeVisible()
  expect(await t.page.evaluate('window.notReloaded')).toBe(true)
  await expect(t.page.getByRole('banner').getByText('Lee')).toHaveCount(0)
  await t.page.getByRole('button', { name: 'Menu' }).click()
  const menu = t.page.getByRole('navigation', { name: 'Menu' })
  await expect(menu.getByRole('button')).toHaveText(['Unpair this terminal'])
  await screenshots(
    t.page,
    '/terminal',
    'terminal-kiosk-menu',
    async () => {
      await t.page.getByRole('button', { name: 'Menu' }).click()
    },
    TERMINAL_SHOTS,
  )

  // Back to a counter, live: staff sign in again.
  await t.page.evaluate('window.notReloaded = true')
  await setKiosk(false)
  await expect(t.page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  expect(await t.page.evaluate('window.notReloaded')).toBe(true)
  await setKiosk(true)
  await expect(t.page.getByText('Waiting for the till…')).toBeVisible()

  // Unpairing a kiosk needs the PIN of a staff member who may close the day.
  await t.page.getByRole('button', { name: 'Menu' }).click()
  await t.page.getByRole('button', { name: 'Unpair this terminal' }).click()
  const dialog = t.page.getByRole('dialog', { name: 'Unpair this terminal' })
  await expect(dialog.getByRole('group', { name: 'PIN pad' })).toBeVisible()
  await screenshots(
    t.page,
    '/terminal',
    'terminal-kiosk-unpair',
    () => openUnpair(t.page),
    TERMINAL_SHOTS,
  )
  await keyPin(t.page, '2468', 'Unpair')
  await expect(dialog.getByRole('alert')).not.toBeEmpty()
  await expect(t.page).not.toHaveURL(/\/terminal\/pair/)
  await keyPin(t.page, '135790', 'Unpair')
  await expect(t.page).toHaveURL(/\/terminal\/pair$/)
  await t.page.setViewportSize(PHONE)
  await t.context.close()
})

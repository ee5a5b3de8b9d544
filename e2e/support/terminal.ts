/** Helpers of the terminal journeys: owner calls, a terminal's own calls, and screenshots. */
import { expect, type Browser, type Page } from '@playwright/test'
import { painted, type ShotSet } from './screenshots'

export async function ownerCall<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const res = await page.request.post(`/trpc/${procedure}`, {
    headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
    data: { json: input },
  })
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

/** A query the terminal page makes as its device (its session cookie). */
export async function terminalQuery<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const q = encodeURIComponent(JSON.stringify({ json: input }))
  const res = await page.request.get(`/trpc/${procedure}?input=${q}`, {
    headers: { 'x-trpc-source': 'e2e' },
  })
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

export interface Device {
  device: { id: string; name: string }
  credentials: { loginId: string; secret: string; pairingUri: string }
}

/** A staff login with no permission beyond taking payments. */
export const NO_PERMISSIONS = { eodReport: false, refundReport: false, refund: false }

/** Where a device's pairing link opens the terminal (path and hash), on the journey's server. */
export function pairingPath(credentials: Device['credentials']): string {
  const link = new URL(credentials.pairingUri)
  return link.pathname + link.hash
}

export const PHONE = { width: 390, height: 844 }
export const TABLET = { width: 1024, height: 768 }

/** A second browser context as the terminal (a phone-sized screen). */
export async function terminalPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'en-GB' })
  return { context, page: await context.newPage() }
}

/**
 * The screen as it stands at phone and tablet size, light and dark (the device theme's colours),
 * into e2e/screenshots/terminal when E2E_SCREENSHOTS is set.
 */
export async function shoot(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return
  const folder = 'e2e/screenshots/terminal'
  const wasDark = ((await page.locator('html').getAttribute('class')) ?? '').includes(
    'terminal-dark',
  )
  const setDark = (dark: boolean) =>
    page.evaluate(`document.documentElement.classList.toggle('terminal-dark', ${dark})`)
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['tablet', TABLET],
  ] as const) {
    await page.setViewportSize(viewport)
    for (const theme of ['light', 'dark'] as const) {
      await setDark(theme === 'dark')
      await painted(page)
      // transitions (the paid screen's check drawing itself) shown as they end, not midway
      await page.screenshot({
        path: `${folder}/${name}-${size}-${theme}.png`,
        animations: 'disabled',
      })
    }
  }
  await setDark(wasDark)
  await page.setViewportSize(PHONE)
}

/**
 * Staff sign-in at the terminal as a cashier does it: their name (a business with one staff
 * member has it picked already), then the PIN on the pad.
 */
export async function signInStaff(page: Page, name: string, pin: string) {
  const nameButton = page.getByRole('button', { name, exact: true })
  const pinStep = page.getByRole('heading', { name, exact: true })
  await expect(nameButton.or(pinStep)).toBeVisible()
  if (await nameButton.isVisible()) await nameButton.click()
  await expect(pinStep).toBeVisible()
  await keyPin(page, pin)
}

/** Keys a PIN on the terminal's pad and confirms it. */
export async function keyPin(page: Page, pin: string, confirm = 'Sign in') {
  const pad = page.getByRole('group', { name: /PIN/ })
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click()
  await pad.getByRole('button', { name: confirm }).click()
}

/** The id of a staff member as the terminal's picker lists them. */
export async function staffIdAtTerminal(page: Page, name: string): Promise<string> {
  const staff = await terminalQuery<{ id: string; name: string }[]>(page, 'device.staff', undefined)
  const found = staff.find((s) => s.name === name)
  if (!found) throw new Error(`${name} is not listed at the terminal`)
  return found.id
}

/** The terminal's screens: English and Dutch, phone and tablet, left English on the phone. */
export const TERMINAL_SHOTS: ShotSet = {
  languages: ['en', 'nl'],
  viewports: [PHONE, TABLET],
  end: PHONE,
  reopen: true,
}

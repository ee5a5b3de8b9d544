/** Helpers of the terminal journeys: owner calls, a terminal's own calls, and screenshots. */
import { expect, type Browser, type Page } from '@playwright/test'
import { painted } from './screenshots'

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

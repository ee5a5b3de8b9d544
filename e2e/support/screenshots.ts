/**
 * Screenshots for review, taken only when E2E_SCREENSHOTS names a folder. A shot waits for the
 * page to settle (its fonts in, no data loading, the next frames painted), not for a time.
 */
import { expect, type Page } from '@playwright/test'

/** Two animation frames: what was just changed has been laid out and painted. */
export async function painted(page: Page) {
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))')
}

/**
 * The page's fonts are in, no data is loading (the top progress bar is gone), the parts it
 * loads on demand are in (`data-lazy-pending` marks their placeholders), and painted.
 */
export async function settled(page: Page) {
  await page.evaluate('document.fonts.ready.then(() => true)')
  await expect(page.locator('[role="progressbar"][aria-busy="true"]')).toHaveCount(0)
  await expect(page.locator('[data-lazy-pending]')).toHaveCount(0)
  await painted(page)
}

/** Which shots a set takes: languages, window sizes, and how the page is left after them. */
export interface ShotSet {
  languages: readonly string[]
  viewports: readonly { width: number; height: number }[]
  /** the window the page is left in, in English */
  end: { width: number; height: number }
  /** whether `open` runs again at the end, so the test goes on from what the shots were of */
  reopen: boolean
}

/** The dashboard's pages: English and German, narrow and wide, left English and wide. */
export const DASHBOARD_SHOTS: ShotSet = {
  languages: ['en', 'de'],
  viewports: [
    { width: 390, height: 900 },
    { width: 1280, height: 900 },
  ],
  end: { width: 1280, height: 720 },
  reopen: false,
}

/** `path` with the interface language `lng` asked for (`?lng=`), its query and hash kept. */
function withLanguage(path: string, lng: string): string {
  const url = new URL(path, 'http://app')
  url.searchParams.set('lng', lng)
  return url.pathname + url.search + url.hash
}

/**
 * The page at `path` in each language and window of `set` (`open` brings back what the shot is
 * of after each load), into E2E_SCREENSHOTS as `<name>-<language>-<width>.png`. Reloads the page.
 */
export async function screenshots(
  page: Page,
  path: string,
  name: string,
  open?: () => Promise<void>,
  set: ShotSet = DASHBOARD_SHOTS,
) {
  const folder = process.env.E2E_SCREENSHOTS
  if (!folder) return
  for (const lng of set.languages) {
    for (const viewport of set.viewports) {
      await page.setViewportSize(viewport)
      await page.goto(withLanguage(path, lng))
      await open?.()
      await settled(page)
      await page.screenshot({
        path: `${folder}/${name}-${lng}-${viewport.width}.png`,
        fullPage: true,
        animations: 'disabled',
      })
    }
  }
  await page.setViewportSize(set.end)
  await page.goto(withLanguage(path, 'en'))
  if (set.reopen) await open?.()
}

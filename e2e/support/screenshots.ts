/**
 * Screenshots for review, taken only when E2E_SCREENSHOTS names a folder. A shot waits for the
 * page to settle (its fonts in, no data loading, the next frames painted), not for a time.
 */
import { expect, type Page } from '@playwright/test'

/** Two animation frames: what was just changed has been laid out and painted. */
export async function painted(page: Page) {
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))')
}

/** The page's fonts are in, no data is loading (the top progress bar is gone), and painted. */
export async function settled(page: Page) {
  await page.evaluate('document.fonts.ready.then(() => true)')
  await expect(page.locator('[role="progressbar"][aria-busy="true"]')).toHaveCount(0)
  await painted(page)
}

/**
 * The page at `path` in English and German, narrow and wide (`open` brings back what the shot is
 * of after each load), then English and wide again. Reloads the page.
 */
export async function screenshots(
  page: Page,
  path: string,
  name: string,
  open?: () => Promise<void>,
) {
  const folder = process.env.E2E_SCREENSHOTS
  if (!folder) return
  for (const lng of ['en', 'de']) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${path}?lng=${lng}`)
      await open?.()
      await settled(page)
      await page.screenshot({ path: `${folder}/${name}-${lng}-${width}.png`, fullPage: true })
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto(`${path}?lng=en`)
}

/**
 * The business switcher in the sidebar: with one business it lists that one (checked) and leads
 * to a new one, by keyboard; with two, choosing the other opens it; on a phone, from the menu.
 */
import { expect, test, type Page } from '@playwright/test'
import { ownerWithExchange } from '../support/application'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'

/** The switcher's face (the sidebar's, or the phone menu's): every line of it reads in full. */
async function faceReadsInFull(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    await page.locator('header button[aria-haspopup="dialog"]').click()
  }
  // the name, the role and what the switcher offers
  const lines = page.getByRole('button', { name: /Corner Café/ }).locator('span.block')
  await expect(lines).toHaveCount(3)
  for (const line of await lines.all()) {
    const fits = await line.evaluate((el) => {
      const box = el as unknown as { scrollWidth: number; clientWidth: number }
      return box.scrollWidth <= box.clientWidth
    })
    expect(fits, await line.innerText()).toBe(true)
  }
}

// The service worker would serve the menu's code from its precache, out of the page's routes.
test.use({ serviceWorkers: 'block' })

test('switch between businesses and add one from the sidebar', async ({ page }) => {
  const credentials = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  const businessId = await ownerWithExchange(page, 'Corner Café', credentials)
  const dashboard = `/${businessId}/sales/dashboard`
  await page.setViewportSize({ width: 1280, height: 900 })

  // The switcher's menu code arrives after the page: hold it until the stand-in trigger has the
  // focus, so that the hand-over (the real trigger takes the focus) is what is tested.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('radix-dropdown-menu-trigger-width')) await held
    await route.fulfill({ status: response.status(), contentType: 'text/javascript', body })
  })

  // One business: the start page is its dashboard, and the switcher still offers a new one.
  await page.goto('/')
  await expect(page).toHaveURL(new RegExp(`${dashboard}$`))
  const switcher = page.getByRole('button', { name: /Corner Café/ })
  await expect(switcher).toContainText('Add a business')
  await expect(switcher).toContainText('Owner')
  await faceReadsInFull(page)
  await switcher.focus()
  await expect(switcher).not.toHaveAttribute('data-state')
  release()
  await expect(switcher).toHaveAttribute('data-state', 'closed')
  await expect(switcher).toBeFocused()
  await page.unrouteAll()
  // the role and what the switcher offers, each in full, in English and German, narrow and wide
  await screenshots(page, dashboard, 'business-switcher-one', () => faceReadsInFull(page))
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(switcher).toHaveAttribute('data-state', 'closed')
  await switcher.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitemradio')).toHaveCount(1)
  await expect(menu.getByRole('menuitemradio', { name: 'Corner Café' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await page.keyboard.press('End')
  await expect(menu.getByRole('menuitem', { name: 'New business' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/onboarding\/new-business$/)
  await page.getByLabel('Business name').fill('Harbour Bakery')
  await page.getByRole('button', { name: 'Create business' }).click()
  await expect(page).toHaveURL(/\/onboarding\/[0-9a-f-]{36}\/company-details$/)
  const secondId = new URL(page.url()).pathname.split('/')[2] ?? ''

  // Two: both listed, this one checked; the other, still being set up, opens where it stands.
  await page.goto(dashboard)
  await page.getByRole('button', { name: /Corner Café/ }).click()
  await expect(menu.getByRole('menuitemradio')).toHaveCount(2)
  await expect(menu.getByRole('menuitemradio', { name: 'Corner Café' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  const other = menu.getByRole('menuitemradio', { name: /Harbour Bakery/ })
  await expect(other).toHaveAttribute('aria-checked', 'false')
  await expect(other).toContainText('Setting up')
  await other.click()
  await expect(page).toHaveURL(new RegExp(`/onboarding/${secondId}/company-details$`))
  await page.goto(dashboard)
  await faceReadsInFull(page)
  await expect(page.getByRole('button', { name: /Corner Café/ })).toContainText('Switch business')
  await screenshots(page, dashboard, 'business-switcher-two', () => faceReadsInFull(page))

  // A phone: the switcher is in the menu, and the menu closes on the way to a new business.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(dashboard)
  await page.getByRole('button', { name: 'Open menu' }).click()
  const sheet = page.getByRole('dialog', { name: 'Menu' })
  await sheet.getByRole('button', { name: /Corner Café/ }).click()
  await expect(menu.getByRole('menuitemradio')).toHaveCount(2)
  await menu.getByRole('menuitem', { name: 'New business' }).click()
  await expect(page).toHaveURL(/\/onboarding\/new-business$/)
  await expect(sheet).toBeHidden()
})

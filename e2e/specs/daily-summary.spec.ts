/**
 * An owner turns on the daily sales summary for themselves on the Team page: the switch says
 * so, stays on after a reload, and turns off again. Screenshots of the Team page with the
 * switch on, in English and German, narrow and wide.
 */
import { expect, test } from '@playwright/test'
import { ownerWithExchange } from '../support/application'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'

test('an owner turns the daily sales summary on and off on the Team page', async ({ page }) => {
  const credentials = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  const businessId = await ownerWithExchange(page, 'Corner Café', credentials)
  const teamPath = `/${businessId}/team`
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(teamPath)

  const toggle = page.getByRole('switch', { name: "Email me a summary of each day's sales" })
  await expect(toggle).not.toBeChecked()
  await expect(toggle).toBeEnabled()
  await toggle.click()
  await expect(page.getByText('The daily summary is on')).toBeVisible()
  await expect(toggle).toBeChecked()
  // the owner's address is verified: no notice asks for it
  await expect(page.getByText('Verify your email address (Account page)')).toHaveCount(0)

  await page.reload()
  await expect(toggle).toBeChecked()
  await screenshots(page, teamPath, 'team-daily-summary', async () => {
    await expect(page.getByRole('switch')).toBeChecked()
  })

  await expect(toggle).toBeEnabled()
  await toggle.click()
  await expect(page.getByText('The daily summary is off')).toBeVisible()
  await page.reload()
  await expect(toggle).not.toBeChecked()
})

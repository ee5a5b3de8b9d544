/**
 * The audit log: an owner creates a device login and changes the device settings, then opens
 * the audit log from the menu, sees both with who did them and from where, filters to the
 * devices, and downloads the filtered log as CSV. With E2E_SCREENSHOTS=<folder>, the page in en
 * and de, narrow and wide.
 */
import { expect, test } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { ownerWithNwcWallet } from '../support/application'
import { screenshots } from '../support/screenshots'
import { simnet } from '../support/simnet'

test('an owner sees what was done, filters it, and downloads it as CSV', async ({ page }) => {
  const { uri } = await simnet<{ uri: string }>('POST', '/nwc/connections', { name: 'audit' })
  const businessId = await ownerWithNwcWallet(page, 'Audit Arcade', uri)

  // two audited acts, through the pages
  await page.goto(`/${businessId}/devices/logins`)
  await page.getByRole('button', { name: 'New device' }).click()
  await page.getByLabel('Name').fill('Front till')
  await page.getByRole('button', { name: 'Create device' }).click()
  await expect(page.getByTestId('device-credentials').getByText('Shown only once')).toBeVisible()

  await page.goto(`/${businessId}/devices/settings`)
  await page.getByRole('radio', { name: 'Dark' }).focus()
  await page.keyboard.press('Space')
  await expect(page.getByText('Device settings saved').first()).toBeVisible()

  // the audit log, from the menu
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Audit log' })
    .click()
  await expect(page).toHaveURL(new RegExp(`/${businessId}/audit-log`))
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible()
  const table = page.getByRole('table')
  await expect(table.getByText('Device settings changed')).toBeVisible()
  await expect(table.getByText('theme: dark')).toBeVisible()
  await expect(table.getByText('Device login created')).toBeVisible()
  await expect(table.getByText('Front till')).toBeVisible()
  await expect(table.getByText('Member').first()).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(3)
  await expect(page.getByText('All 2 entries')).toBeVisible()

  // filtered to the devices: the settings change goes, and the URL keeps the filter
  await page.getByLabel('What').selectOption('device')
  await expect(page).toHaveURL(/group=device/)
  await expect(table.getByText('Device settings changed')).toHaveCount(0)
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(page.getByText('1 entry', { exact: true })).toBeVisible()

  // the CSV has what the filter shows
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '')
  const lines = csv.trimEnd().split('\r\n')
  expect(lines[0]).toBe(
    'id,at,actor_kind,actor_id,actor_name,action,subject_kind,subject_id,subject_name,details,ip,user_agent',
  )
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(',member,')
  expect(lines[1]).toContain(',device.created,device,')
  expect(lines[1]).toContain('Front till')

  // nothing left to match: the page says so and offers to clear
  await page.getByLabel('What').selectOption('payout')
  await expect(page.getByText('No entries match')).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).first().click()
  await expect(table.getByRole('row')).toHaveCount(3)

  await screenshots(page, `/${businessId}/audit-log`, 'audit-log', async () => {
    await expect(
      page
        .getByText(/Front till/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible()
  })
})

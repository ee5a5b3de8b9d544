/**
 * The business application: every form of a corporation, Back to an earlier form, submitting,
 * and (the demo approves at once) arriving at the choice of payment processor. Invalid input
 * is refused in the browser, next to the field, and nothing is saved.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'

const password = 'correct horse battery'

async function signUpWithBusiness(page: Page, name: string): Promise<string> {
  await page.goto('/sign-up')
  await page.getByLabel('Email').fill(`applicant-${Date.now()}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/onboarding\/new-business$/)
  await page.getByLabel('Business name').fill(name)
  await page.getByRole('button', { name: 'Create business' }).click()
  await expect(page).toHaveURL(/\/onboarding\/[0-9a-f-]{36}\/company-details$/)
  return new URL(page.url()).pathname.split('/')[2] ?? ''
}

async function fillAddress(scope: Locator | Page) {
  await scope.getByLabel('Street and number').fill('12 Market Street')
  await scope.getByLabel('Town or city').fill('Manchester')
  await scope.getByLabel('Postcode').fill('M1 1AE')
  await scope.getByLabel('Country', { exact: true }).selectOption('GB')
}

async function fillPerson(group: Locator, person: { first: string; last: string }) {
  await group.getByLabel('First name').fill(person.first)
  await group.getByLabel('Last name').fill(person.last)
  await group.getByLabel('Date of birth').fill('1984-03-09')
  await group.getByLabel('Nationality').selectOption('GB')
  await group.getByLabel('Email address').fill(`${person.first.toLowerCase()}@example.com`)
  await fillAddress(group.getByRole('group', { name: 'Home address' }))
}

async function fillCompany(page: Page, type: RegExp) {
  await page.getByLabel('Legal name').fill('Northern Roasters Ltd')
  await page.getByLabel('Trading name').fill('Northern Roasters')
  await page.getByRole('radio', { name: type }).click()
  await page.getByLabel('Country of registration').selectOption('GB')
  await fillAddress(page.getByRole('group', { name: 'Registered address' }))
  await page.getByLabel('Country calling code').selectOption('GB')
  await page.getByLabel('Phone number').fill('161 496 0000')
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click()
const stepper = (page: Page) => page.getByRole('navigation', { name: 'Application progress' })

test('a corporation fills in every form, submits, and goes on to choose a payment processor', async ({
  page,
}) => {
  await signUpWithBusiness(page, 'Northern Roasters')
  await expect(stepper(page).locator('[aria-current="step"]')).toContainText('Company')

  await fillCompany(page, /^Corporation/)
  await page.getByLabel('Registration number').fill('09876543')
  await page.getByLabel('Website (optional)').fill('northern-roasters.example.com')
  await next(page)

  await expect(page).toHaveURL(/\/director-details$/)
  await expect(page.getByRole('heading', { name: 'Directors and owners' })).toBeVisible()
  await fillPerson(page.getByRole('group', { name: 'Director 1' }), {
    first: 'Grace',
    last: 'Hopper',
  })
  await page.getByRole('button', { name: 'Add a beneficial owner' }).click()
  const owner = page.getByRole('group', { name: 'Beneficial owner 1' })
  await fillPerson(owner, { first: 'Alan', last: 'Kay' })
  await owner.getByLabel('Ownership (%)').fill('75')
  await next(page)

  // Back opens the previous form with what was saved; Next leads forward again.
  await expect(page).toHaveURL(/\/financial-details$/)
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL(/\/director-details$/)
  await expect(
    page.getByRole('group', { name: 'Beneficial owner 1' }).getByLabel('Last name'),
  ).toHaveValue('Kay')
  await next(page)

  await expect(page).toHaveURL(/\/financial-details$/)
  await page.getByRole('radio', { name: /Euro/ }).click()
  await page.getByLabel('Expected monthly sales').fill('40,000')
  await page.getByLabel('Average sale').fill('8.50')
  await expect(page.getByLabel('Account holder')).toHaveValue('Northern Roasters Ltd')
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00')
  await next(page)

  await expect(page).toHaveURL(/\/pci$/)
  for (const [question, answer] of [
    ['Does your business store card numbers?', 'No'],
    ['Do you use a third-party payment processor for card payments?', 'Yes'],
    ['Has your business ever had a data breach?', 'No'],
  ] as const) {
    await page.getByRole('group', { name: question }).getByRole('radio', { name: answer }).click()
  }
  await page.getByRole('checkbox', { name: /follows a security policy/ }).click()
  await next(page)

  await expect(page).toHaveURL(/\/operations-details$/)
  await page.getByLabel('What do you sell?').fill('Coffee beans roasted on site, and espresso.')
  await page.getByRole('checkbox', { name: /^In store/ }).click()
  await page.getByRole('checkbox', { name: /^Online/ }).click()
  await page.getByLabel('Number of locations').fill('1')
  await page.getByLabel('Number of payment terminals').fill('2')
  await next(page)

  await expect(page).toHaveURL(/\/terms$/)
  await expect(stepper(page).locator('[aria-current="step"]')).toContainText('Terms')
  // Every answer to check before submitting, each step with a link back to edit it.
  const answers = page.getByTestId('application-answers')
  await expect(answers).toContainText('Northern Roasters Ltd')
  await expect(answers).toContainText('Grace Hopper')
  await expect(answers).toContainText('Alan Kay')
  await expect(answers).toContainText('owns 75 %')
  await expect(answers).toContainText('€40,000.00')
  await expect(answers).toContainText('Coffee beans roasted on site, and espresso.')
  await expect(answers).toContainText('In store, Online')
  await expect(answers.getByRole('link', { name: /^Edit/ })).toHaveCount(5)
  await expect(page.getByText('Prohibited businesses')).toBeVisible()
  await page.getByRole('checkbox', { name: /accept the terms of service/ }).click()
  await page.getByRole('checkbox', { name: /processing of personal data/ }).click()
  await page.getByRole('button', { name: 'Submit application' }).click()

  // The demo platform approves at once: the owner goes on to choose how to hold bitcoin.
  await expect(page).toHaveURL(/\/payment-processor$/)
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText(
    'Application approved',
  )
})

test('invalid details are refused beside the field and nothing is saved', async ({ page }) => {
  const businessId = await signUpWithBusiness(page, 'Half Done Ltd')

  // A corporation without its registration number.
  await fillCompany(page, /^Corporation/)
  await next(page)
  await expect(page.getByText('Enter the registration number.')).toBeVisible()
  await expect(page.getByLabel('Registration number')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/company-details$/)

  // Nothing was saved: the form comes back empty and later forms stay closed.
  await page.reload()
  await expect(page.getByLabel('Legal name')).toHaveValue('')
  await page.goto(`/onboarding/${businessId}/financial-details`)
  await expect(page).toHaveURL(/\/company-details$/)

  // A sole trader needs no registration number, but an adult owner.
  await fillCompany(page, /^Sole trader/)
  await next(page)
  await expect(page).toHaveURL(/\/director-details$/)
  const ownerForm = page.getByRole('group', { name: 'Owner' })
  await fillPerson(ownerForm, { first: 'Young', last: 'Founder' })
  const seventeenYearsAgo = new Date()
  seventeenYearsAgo.setFullYear(seventeenYearsAgo.getFullYear() - 17)
  await ownerForm.getByLabel('Date of birth').fill(seventeenYearsAgo.toISOString().slice(0, 10))
  await next(page)
  await expect(page.getByText('This person must be at least 18 years old.')).toBeVisible()
  await expect(page).toHaveURL(/\/director-details$/)
})

/**
 * A first page arrives with the answers its first screen needs (the server's boot-data.ts): the
 * sign-in page and a business's dashboard show without asking who is signed in, the brand, the
 * business's step or the businesses list again.
 */
import { expect, test, type Page } from '@playwright/test'
import { ownerWithExchange } from '../support/application'
import { simnet } from '../support/simnet'

const FIRST_ANSWERS = /auth\.getProfile|system\.config|businesses\.onboardingStep|businesses\.list/

/** The API calls a page makes while it loads. */
function apiCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/trpc/')) calls.push(pathname.slice('/trpc/'.length))
  })
  return calls
}

test('the sign-in page and a dashboard show with the answers they arrived with', async ({
  page,
  browser,
}) => {
  const credentials = await simnet<{ key: string; secret: string }>('POST', '/kraken/keys', {})
  const businessId = await ownerWithExchange(page, 'Corner Café', credentials)

  // the owner's dashboard, opened afresh in a new tab
  const tab = await page.context().newPage()
  const calls = apiCalls(tab)
  await tab.goto(`/${businessId}/sales/dashboard`)
  await expect(tab.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(tab.getByRole('button', { name: /Corner Café/ })).toBeVisible()
  expect(calls.filter((call) => FIRST_ANSWERS.test(call))).toEqual([])

  // a visitor with no session: the sign-in page, told that nobody is signed in
  const visitor = await browser.newContext()
  const signIn = await visitor.newPage()
  const visitorCalls = apiCalls(signIn)
  await signIn.goto('/sign-in')
  await expect(signIn.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
  expect(visitorCalls.filter((call) => FIRST_ANSWERS.test(call))).toEqual([])
  await visitor.close()
})

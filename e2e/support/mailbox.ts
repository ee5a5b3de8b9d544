/**
 * The demo mailbox as a journey reads it (`demo.mailbox`, `demo.mail`): the mails the demo sent
 * to an address, and the owner's address verified from the link of its verification mail (payouts
 * need a verified address); and as a user reads it, on the mailbox page.
 */
import { expect, type Page } from '@playwright/test'

async function query<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const res = await page.request.get(
    `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
    { headers: { 'x-trpc-source': 'e2e' } },
  )
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

/** The link in the newest mail to `to` whose text has `path` (waited for). */
export async function mailedLink(page: Page, to: string, path: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const list = await query<{ id: string }[]>(page, 'demo.mailbox', { to })
        for (const m of list) {
          const mail = await query<{ text: string }>(page, 'demo.mail', { id: m.id })
          link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(path))
          if (link) return true
        }
        return false
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  return link!
}

/** Opens the verification link the demo mailed to `email`. */
export async function verifyFromMailbox(page: Page, email: string): Promise<void> {
  const link = await mailedLink(page, email, '/link/verify-email/')
  const res = await page.request.post('/trpc/recovery.verifyEmail', {
    headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
    data: { json: { token: link.split('/').pop() } },
  })
  expect(res.status(), `verifyEmail: ${await res.text()}`).toBe(200)
}

/**
 * Opens the mail to `email` whose subject is `subject` from the demo mailbox page (waiting for it
 * to arrive: the outbox sends it a moment after the request) and shows its plain text
 * (`plainText` names that button in the page's language). Returns the opened mail.
 */
export async function openMail(page: Page, email: string, subject: string, plainText: string) {
  await page.goto('/demo-mailbox')
  const mail = page
    .getByRole('navigation', { name: /Messages|Nachrichten/ })
    .getByRole('button')
    .filter({ hasText: email })
    .filter({ hasText: subject })
  await expect(mail).toHaveCount(1)
  await mail.click()
  await expect(mail).toHaveAttribute('aria-current', 'true')
  const article = page.getByRole('article', { name: subject })
  await expect(article.getByRole('heading', { name: subject })).toBeVisible()
  await article.getByRole('button', { name: plainText }).click()
  return article
}

/**
 * Journeys' shared steps through the API: calling procedures as the signed-in page, waiting for
 * a state, and an owner whose own node has its channel open.
 */
import { expect, type Page } from '@playwright/test'
import { ownerWithSubmittedApplication } from './application'
import { simnet } from './simnet'

/** A procedure called as the signed-in page would; fails the test unless it answers 200. */
export async function trpc<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const res = await page.request.post(`/trpc/${procedure}`, {
    headers: { 'x-trpc-source': 'e2e', 'content-type': 'application/json' },
    data: { json: input },
  })
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

export async function trpcQuery<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const query = encodeURIComponent(JSON.stringify({ json: input }))
  const res = await page.request.get(`/trpc/${procedure}?input=${query}`, {
    headers: { 'x-trpc-source': 'e2e' },
  })
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200)
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json
}

/** Reads until `ok`, for at most 60 s (the state it waits for comes, however busy the machine). */
export async function poll<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
): Promise<T> {
  const end = Date.now() + 60_000
  for (;;) {
    const v = await read()
    if (ok(v)) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * An owner whose own node is initialised with `password` and whose channel deposit waits to be
 * paid (`onchainInvoiceId`).
 */
export async function ownerAtChannelDeposit(
  page: Page,
  name: string,
  password: string,
): Promise<{ businessId: string; onchainInvoiceId: string }> {
  const businessId = await ownerWithSubmittedApplication(page, name)
  await trpc(page, 'onboarding.choosePaymentProvider', { businessId, kind: 'lightningNode' })
  await trpc(page, 'node.request', { businessId })
  await poll(
    () => trpcQuery<{ hostState: string | null }>(page, 'node.status', { businessId }),
    (s) => s.hostState === 'waiting_for_initialisation',
    'the node to wait for its wallet',
  )
  await trpc(page, 'node.initialise', {
    businessId,
    password,
    confirmPassword: password,
  })
  await trpc(page, 'node.confirmSeed', { businessId })
  const { onchainInvoiceId } = await trpc<{ onchainInvoiceId: string }>(page, 'deposit.create', {
    businessId,
    amountSat: 400_000,
  })
  return { businessId, onchainInvoiceId }
}

/** Opens the reviewed withdrawal's confirmation and types the account's password in it. */
export async function confirmWithdrawalStart(page: Page, accountPassword: string) {
  await page.getByRole('button', { name: 'Continue' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm the withdrawal' })
  await dialog.getByLabel('Account password').fill(accountPassword)
  return dialog
}

/** Confirms the reviewed withdrawal on the withdraw page with the account's password. */
export async function confirmWithdrawal(page: Page, accountPassword: string) {
  const dialog = await confirmWithdrawalStart(page, accountPassword)
  await dialog.getByRole('button', { name: 'Send now' }).click()
  await expect(dialog).toBeHidden()
}

/** An owner whose own node is initialised with `password` and has its channel open. */
export async function ownerWithOwnNode(
  page: Page,
  name: string,
  password: string,
): Promise<string> {
  const { businessId, onchainInvoiceId } = await ownerAtChannelDeposit(page, name, password)
  const deposit = () =>
    trpcQuery<{ address: string; channel: { state: string } }>(page, 'deposit.get', {
      businessId,
      onchainInvoiceId,
    })
  await simnet('POST', '/send', { address: (await deposit()).address, amountSat: 400_000 })
  await simnet('POST', '/mine', { blocks: 3 })
  // Blocks come until the channel's funding transaction is in and deep enough.
  await poll(
    async () => {
      await simnet('POST', '/mine', { blocks: 1 })
      return deposit()
    },
    (d) => d.channel.state === 'open',
    'the channel to open',
  )
  return businessId
}

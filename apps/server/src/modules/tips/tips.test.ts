/**
 * Lightning tips end to end: tip pages through tRPC, their LNURL-pay endpoints over real HTTP,
 * a real LNURL client resolving them, and the simnet payer paying the invoice until the tip
 * settles as a payment.
 */
import bolt11 from 'bolt11'
import { requestInvoice, requestPayServiceParams, utils } from 'lnurl-pay'
import { createHash } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { approvedBusiness, exchangeBusiness, nwcBusiness } from '../../../test/businesses'
import { appCode, rejection, until } from '../../../test/assertions'
import { scenario, type TestBrowser } from '../../../test/harness'

const t = await scenario({
  simnet: true,
  realtime: true,
  http: 'listen',
  watcherOptions: { leaseMs: 1_500, renewMs: 300 },
})
afterAll(t.close)
const { env, net, origin } = t
const host = new URL(origin).host

const pagesOf = async (b: TestBrowser, businessId: string) =>
  (await b.caller.tips.list({ businessId })).pages

let nameCounter = 0
const uniqueName = (base: string) => `${base}-${++nameCounter}-${Date.now() % 100_000}`

async function getJson(path: string) {
  const res = await fetch(`${origin}${path}`, { headers: { origin: 'https://wallet.example' } })
  return {
    status: res.status,
    cors: res.headers.get('access-control-allow-origin'),
    body: (await res.json()) as Record<string, unknown>,
  }
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')
const tag = (pr: string, name: string) =>
  bolt11.decode(pr).tags.find((t) => t.tagName === name)?.data

describe('tip pages', () => {
  it('creates, lists, renames and deletes a tip page with its address and LNURL', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const name = uniqueName('cafe')
    const page = await b.caller.tips.create({
      businessId,
      shortName: name.toUpperCase(),
      description: 'Thanks, from the team',
    })
    expect(page).toMatchObject({
      shortName: name,
      description: 'Thanks, from the team',
      lightningAddress: `${name}@${host}`,
    })
    expect(page.lnurl).toMatch(/^LNURL1[02-9AC-HJ-NP-Z]+$/)
    expect(utils.decodeUrlOrAddress(page.lnurl)).toBe(`${origin}/.well-known/lnurlp/${name}`)

    expect(await b.caller.tips.list({ businessId })).toEqual({ addressHost: host, pages: [page] })

    const renamed = await b.caller.tips.update({
      businessId,
      tipPageId: page.id,
      shortName: `${name}.bar`,
      description: 'Bar tips',
    })
    expect(renamed).toMatchObject({
      id: page.id,
      shortName: `${name}.bar`,
      lightningAddress: `${name}.bar@${host}`,
    })
    expect((await pagesOf(b, businessId)).map((p) => p.shortName)).toEqual([`${name}.bar`])

    expect(await b.caller.tips.delete({ businessId, tipPageId: page.id })).toEqual({ ok: true })
    expect(await pagesOf(b, businessId)).toEqual([])
    expect(appCode(await rejection(b.caller.tips.delete({ businessId, tipPageId: page.id })))).toBe(
      'NOT_FOUND',
    )
  })

  it('refuses a name another business holds, and changes nothing', async () => {
    const first = await nwcBusiness(env, net)
    const second = await nwcBusiness(env, net)
    const name = uniqueName('taken')
    await first.b.caller.tips.create({
      businessId: first.businessId,
      shortName: name,
      description: 'First',
    })
    const mine = await second.b.caller.tips.create({
      businessId: second.businessId,
      shortName: uniqueName('mine'),
      description: 'Mine',
    })

    const onCreate = await rejection(
      second.b.caller.tips.create({
        businessId: second.businessId,
        shortName: name,
        description: 'Second',
      }),
    )
    expect(appCode(onCreate)).toBe('TIP_NAME_TAKEN')
    expect(onCreate.code).toBe('CONFLICT')
    const onRename = await rejection(
      second.b.caller.tips.update({
        businessId: second.businessId,
        tipPageId: mine.id,
        shortName: name,
        description: 'Changed',
      }),
    )
    expect(appCode(onRename)).toBe('TIP_NAME_TAKEN')

    expect(await pagesOf(second.b, second.businessId)).toEqual([mine])
    const firstPages = await pagesOf(first.b, first.businessId)
    expect(firstPages.map((p) => [p.shortName, p.description])).toEqual([[name, 'First']])
  })

  it('refuses names outside a-z 0-9 . _ - or 2..32 characters', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    for (const shortName of ['a', 'x'.repeat(33), 'two words', 'café', 'a@b', 'a/b']) {
      const e = await rejection(
        b.caller.tips.create({ businessId, shortName, description: 'Tips' }),
      )
      expect(appCode(e), shortName).toBe('VALIDATION')
    }
    expect(await pagesOf(b, businessId)).toEqual([])
  })

  it("hides another owner's tip pages", async () => {
    const owner = await nwcBusiness(env, net)
    const other = await nwcBusiness(env, net)
    const page = await owner.b.caller.tips.create({
      businessId: owner.businessId,
      shortName: uniqueName('own'),
      description: 'Own',
    })
    const input = { businessId: other.businessId, tipPageId: page.id }
    expect(
      appCode(
        await rejection(
          other.b.caller.tips.update({ ...input, shortName: uniqueName('x'), description: 'x' }),
        ),
      ),
    ).toBe('NOT_FOUND')
    expect(appCode(await rejection(other.b.caller.tips.delete(input)))).toBe('NOT_FOUND')
    expect(
      appCode(await rejection(other.b.caller.tips.list({ businessId: owner.businessId }))),
    ).toBe('NOT_FOUND')
    expect(await pagesOf(owner.b, owner.businessId)).toEqual([page])
  })

  it('is not offered where the wallet cannot commit to a description hash', async () => {
    const { b, businessId } = await exchangeBusiness(env, net)
    expect(await b.caller.payments.capabilities({ businessId })).toMatchObject({
      descriptionHash: false,
    })
    const e = await rejection(
      b.caller.tips.create({ businessId, shortName: uniqueName('ex'), description: 'Tips' }),
    )
    expect(appCode(e)).toBe('WALLET_UNSUPPORTED')
    expect(await pagesOf(b, businessId)).toEqual([])
  })
})

describe('LNURL-pay', () => {
  it('answers the .well-known request with a payRequest any site may read', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const name = uniqueName('wk')
    await b.caller.tips.create({ businessId, shortName: name, description: 'Tips for the kitchen' })
    const { status, cors, body } = await getJson(`/.well-known/lnurlp/${name}`)
    expect(status).toBe(200)
    expect(cors).toBe('*')
    expect(body).toEqual({
      tag: 'payRequest',
      callback: `${origin}/lnurlp/${name}/callback`,
      minSendable: 1000,
      maxSendable: 100_000_000_000,
      metadata: JSON.stringify([
        ['text/plain', 'Tips for the kitchen'],
        ['text/identifier', `${name}@${host}`],
      ]),
      commentAllowed: 140,
    })
  })

  it('gives an invoice for the asked amount committing to the metadata', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const name = uniqueName('cb')
    await b.caller.tips.create({ businessId, shortName: name, description: 'Ünïcode tips ☕' })
    const { body: first } = await getJson(`/.well-known/lnurlp/${name}`)
    const { status, cors, body } = await getJson(
      `/lnurlp/${name}/callback?amount=21000&comment=${encodeURIComponent('great coffee')}`,
    )
    expect(status).toBe(200)
    expect(cors).toBe('*')
    expect(body.routes).toEqual([])
    const pr = body.pr as string
    expect(bolt11.decode(pr).millisatoshis).toBe('21000')
    expect(tag(pr, 'purpose_commit_hash')).toBe(sha256(first.metadata as string))
    const row = await env.services.paymentRepo.findByHash(tag(pr, 'payment_hash') as string)
    expect(row).toMatchObject({
      businessId,
      method: 'tip',
      amountSat: 21,
      memo: 'great coffee',
      status: 'pending',
    })
  })

  it('answers a callback sent again with the same nonce with the same invoice, once', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const name = uniqueName('nonce')
    await b.caller.tips.create({ businessId, shortName: name, description: 'Retry tips' })
    const callback = `/lnurlp/${name}/callback?amount=5000&nonce=wallet-retry-1`
    const first = await getJson(callback)
    const again = await getJson(callback)
    expect(first.body.pr).toMatch(/^lnbcrt/)
    expect(again.body.pr).toBe(first.body.pr)
    // The same nonce for another amount is not the same tip: refused, nothing written.
    const other = await getJson(`/lnurlp/${name}/callback?amount=6000&nonce=wallet-retry-1`)
    expect(other.body.status).toBe('ERROR')
    expect(other.body.reason).toMatch(/nonce/)
    // Without a nonce every callback is a tip of its own.
    const plain = await getJson(`/lnurlp/${name}/callback?amount=5000`)
    expect(plain.body.pr).not.toBe(first.body.pr)
    const rows = await env.database.db
      .selectFrom('payments')
      .select(['amountSat', 'idempotencyKey'])
      .where('businessId', '=', businessId)
      .execute()
    expect(rows).toHaveLength(2)
    expect(rows.every((r) => r.idempotencyKey !== null)).toBe(true)
  })

  it('refuses in the body what it cannot take', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const name = uniqueName('err')
    await b.caller.tips.create({ businessId, shortName: name, description: 'Tips' })
    const cases = [
      `/.well-known/lnurlp/${uniqueName('nobody')}`,
      `/lnurlp/${uniqueName('nobody')}/callback?amount=1000`,
      `/lnurlp/${name}/callback`,
      `/lnurlp/${name}/callback?amount=abc`,
      `/lnurlp/${name}/callback?amount=-1000`,
      `/lnurlp/${name}/callback?amount=1500`,
      `/lnurlp/${name}/callback?amount=999`,
      `/lnurlp/${name}/callback?amount=100000000001000`,
      `/lnurlp/${name}/callback?amount=1000&comment=${'x'.repeat(141)}`,
    ]
    for (const path of cases) {
      const { status, cors, body } = await getJson(path)
      expect(status, path).toBe(200)
      expect(cors, path).toBe('*')
      expect(body.status, path).toBe('ERROR')
      expect(typeof body.reason, path).toBe('string')
    }
    const ok = await getJson(`/lnurlp/${name}/callback?amount=1000&comment=${'x'.repeat(140)}`)
    expect(typeof ok.body.pr).toBe('string')
  })

  it('refuses when the wallet cannot commit to a description hash, or there is none', async () => {
    const exchange = await exchangeBusiness(env, net)
    const bare = await approvedBusiness(env)
    for (const businessId of [exchange.businessId, bare.businessId]) {
      const name = uniqueName('nohash')
      // Pages made before the wallet changed still exist; they must refuse.
      await env.database.db
        .insertInto('tipPages')
        .values({ businessId, shortName: name, description: 'Tips' })
        .execute()
      const { status, body } = await getJson(`/lnurlp/${name}/callback?amount=5000`)
      expect(status).toBe(200)
      expect(body.status).toBe('ERROR')
      expect(body.reason).toMatch(/cannot take/)
    }
    const rows = await env.database.db
      .selectFrom('payments')
      .select('id')
      .where('businessId', 'in', [exchange.businessId, bare.businessId])
      .execute()
    expect(rows).toEqual([])
  })

  it('is resolved and paid by a wallet through its LNURL; the tip settles with its comment', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const page = await b.caller.tips.create({
      businessId,
      shortName: uniqueName('paid'),
      description: 'Tips for Ana',
    })
    const params = await requestPayServiceParams({ lnUrlOrAddress: page.lnurl })
    expect(params).toMatchObject({
      description: 'Tips for Ana',
      identifier: page.lightningAddress,
      min: 1,
      max: 100_000_000,
      commentAllowed: 140,
    })
    const { invoice, hasValidAmount, hasValidDescriptionHash } = await requestInvoice({
      lnUrlOrAddress: page.lnurl,
      tokens: 1_234 as Parameters<typeof requestInvoice>[0]['tokens'],
      comment: 'thank you!',
      validateInvoice: true,
    })
    expect(hasValidAmount).toBe(true)
    expect(hasValidDescriptionHash).toBe(true)
    const hash = tag(invoice, 'payment_hash') as string
    const pending = await env.services.paymentRepo.findByHash(hash)
    expect(pending).toMatchObject({ method: 'tip', tipPageId: page.id, status: 'pending' })

    await net.control('POST', '/pay', { invoice })
    const settled = await until(
      () => env.services.payments.get(businessId, pending!.id),
      (p) => p.status === 'settled',
      'the tip to settle',
    )
    expect(settled).toMatchObject({ method: 'tip', memo: 'thank you!', status: 'settled' })
  })

  it('is paid at its Lightning address by the simnet payer', async () => {
    const { b, businessId } = await nwcBusiness(env, net)
    const page = await b.caller.tips.create({
      businessId,
      shortName: uniqueName('addr'),
      description: 'Tips',
    })
    const { invoice } = await net.control<{ invoice: string }>('POST', '/pay', {
      invoice: page.lightningAddress,
      amountSat: 777,
    })
    const row = await env.services.paymentRepo.findByHash(tag(invoice, 'payment_hash') as string)
    expect(row).toMatchObject({ method: 'tip', amountSat: 777 })
    const settled = await until(
      () => env.services.payments.get(businessId, row!.id),
      (p) => p.status === 'settled',
      'the tip to settle',
    )
    expect(settled).toMatchObject({ method: 'tip', status: 'settled' })
  })
})

/**
 * The simnet control API for the exchange (not part of Kraken): issue API keys (one new account
 * each), list accounts with balances, and pre-approve withdrawal keys, which on Kraken a person
 * does in the web interface.
 *
 *   POST /control/kraken/keys            { label? }  -> { key, secret, accountId, label }
 *   GET  /control/kraken/accounts                    -> { accounts: [...] }
 *   POST /control/kraken/withdraw-keys   { key, name, address? | lightningInvoice? | method? }
 *                                                    -> { name, method, address }
 */
import { Address } from '@scure/btc-signer'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import type { World } from '../../world/api'
import { newApiCredentials } from './auth'
import { satToXbt } from './format'
import type { Account, KrakenStore, WithdrawKey } from './store'

const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

const ZCreateKeyInput = z.object({ label: z.string().max(100).optional() })
const ZWithdrawKeyInput = z.object({
  key: z.string().min(1),
  name: z.string().trim().min(1).max(64),
  address: z.string().trim().min(1).optional(),
  lightningInvoice: z.string().trim().min(1).optional(),
  method: z.enum(['Bitcoin', 'Bitcoin Lightning']).optional(),
})

function accountView(a: Account) {
  return {
    accountId: a.id,
    label: a.label,
    key: a.apiKey,
    createdAt: new Date(a.createdAt).toISOString(),
    balances: { XXBT: satToXbt(a.balanceSat) },
    balanceSat: a.balanceSat,
    withdrawKeys: a.withdrawKeys.map(({ name, method, address }) => ({ name, method, address })),
  }
}

async function fail(reply: FastifyReply, status: number, error: string): Promise<void> {
  await reply.code(status).send({ error })
}

function isRegtestAddress(address: string): boolean {
  try {
    Address(REGTEST).decode(address)
    return true
  } catch {
    return false
  }
}

export function controlRoutes(scope: FastifyInstance, world: World, store: KrakenStore): void {
  // Bodies are optional JSON; an empty body reads as {}.
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    try {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      done(null, text.trim() === '' ? {} : (JSON.parse(text) as unknown))
    } catch {
      done(Object.assign(new Error('body is not JSON'), { statusCode: 400 }), undefined)
    }
  })

  scope.post('/control/kraken/keys', async (req, reply) => {
    const input = ZCreateKeyInput.safeParse(req.body ?? {})
    if (!input.success) return fail(reply, 400, 'label must be a string of up to 100 characters')
    const { key, secret } = newApiCredentials()
    const label = input.data.label ?? `account ${store.state.accounts.length + 1}`
    const account = store.createAccount(label, key, secret)
    await reply.send({ key, secret, accountId: account.id, label })
  })

  scope.get('/control/kraken/accounts', async (_req, reply) => {
    await reply.send({ accounts: store.state.accounts.map(accountView) })
  })

  scope.post('/control/kraken/withdraw-keys', async (req, reply) => {
    const input = ZWithdrawKeyInput.safeParse(req.body ?? {})
    if (!input.success)
      return fail(reply, 400, 'expected { key, name, address | lightningInvoice }')
    const { key, name, address, lightningInvoice } = input.data
    const account = store.byKey(key)
    if (!account) return fail(reply, 404, 'no account has this API key')
    if (account.withdrawKeys.some((k) => k.name === name)) {
      return fail(reply, 409, `withdrawal key '${name}' already exists`)
    }
    if (address !== undefined && lightningInvoice !== undefined) {
      return fail(reply, 400, 'give either address or lightningInvoice, not both')
    }
    const method = input.data.method ?? (address !== undefined ? 'Bitcoin' : 'Bitcoin Lightning')
    let target = ''
    if (method === 'Bitcoin') {
      if (address === undefined || !isRegtestAddress(address)) {
        return fail(reply, 400, 'address must be a regtest bitcoin address (bcrt1...)')
      }
      target = address
    } else {
      if (address !== undefined) return fail(reply, 400, 'a Lightning key takes lightningInvoice')
      if (lightningInvoice !== undefined) {
        try {
          world.lightning.decode(lightningInvoice)
        } catch {
          return fail(reply, 400, 'lightningInvoice is not a valid BOLT11 invoice')
        }
        target = lightningInvoice
      }
    }
    const entry: WithdrawKey = { name, method, address: target, createdAt: world.clock.now() }
    account.withdrawKeys.push(entry)
    store.save()
    await reply.send({ name, method, address: target })
  })
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lndDaemons } from './daemon'
import {
  SwaggerValidator,
  type TestSimnet,
  lndClient,
  startTestSimnet,
  waitFor,
} from './test-support'

const REF = '/work/shared/reference/lnd'
const swagger = new SwaggerValidator([
  `${REF}/walletunlocker.swagger.json`,
  `${REF}/stateservice.swagger.json`,
])
const b64 = (text: string) => Buffer.from(text).toString('base64')

let sim: TestSimnet
beforeAll(async () => {
  sim = await startTestSimnet()
  sim.world.lightning.createNode('fresh')
  lndDaemons(sim.world).manage('fresh')
  lndDaemons(sim.world).start('fresh')
})
afterAll(() => sim.stop())

async function waitForState(client: ReturnType<typeof lndClient>, state: string) {
  await waitFor(
    async () => ((await client.get('/v1/state')).body as { state: string }).state === state,
    `the state ${state}`,
  )
}

describe('wallet unlocker', () => {
  it('creates, locks and unlocks a wallet with lnd errors on the way', async () => {
    const client = lndClient(sim, 'fresh', null)
    const state = await client.get('/v1/state')
    expect(state.body).toEqual({ state: 'NON_EXISTING' })
    expect(swagger.check('lnrpcGetStateResponse', state.body)).toBeNull()
    const early = await client.get('/v1/getinfo')
    expect(early.status).toBe(500)
    expect(early.body).toEqual({
      code: 2,
      message: 'wallet not created, create one to enable full RPC access',
      details: [],
    })

    const seed = await client.get('/v1/genseed')
    expect(swagger.check('lnrpcGenSeedResponse', seed.body)).toBeNull()
    const words = (seed.body as { cipher_seed_mnemonic: string[] }).cipher_seed_mnemonic
    expect(words).toHaveLength(24)

    const short = await client.post('/v1/initwallet', {
      wallet_password: b64('short'),
      cipher_seed_mnemonic: words,
    })
    expect(short.status).toBe(500)
    expect((short.body as { message: string }).message).toBe(
      'password must have at least 8 characters',
    )

    const init = await client.post('/v1/initwallet', {
      wallet_password: b64('correct horse'),
      cipher_seed_mnemonic: words,
    })
    expect(init.status).toBe(200)
    expect(swagger.check('lnrpcInitWalletResponse', init.body)).toBeNull()
    client.macaroonHex = Buffer.from(
      (init.body as { admin_macaroon: string }).admin_macaroon,
      'base64',
    ).toString('hex')
    await waitForState(client, 'SERVER_ACTIVE')
    expect((await client.get('/v1/getinfo')).status).toBe(200)

    lndDaemons(sim.world).stop('fresh')
    lndDaemons(sim.world).start('fresh')
    const locked = await client.get('/v1/getinfo')
    expect(locked.body).toEqual({
      code: 2,
      message: 'wallet locked, unlock it to enable full RPC access',
      details: [],
    })
    const wrong = await client.post('/v1/unlockwallet', { wallet_password: b64('wrong password') })
    expect(wrong.status).toBe(500)
    expect(wrong.body).toEqual({
      code: 2,
      message: 'invalid passphrase for master public key',
      details: [],
    })
    const unlocked = await client.post('/v1/unlockwallet', {
      wallet_password: b64('correct horse'),
    })
    expect(unlocked.status).toBe(200)
    expect(unlocked.body).toEqual({})
    const again = await client.post('/v1/unlockwallet', { wallet_password: b64('correct horse') })
    expect((again.body as { message: string }).message).toBe(
      'wallet already unlocked, WalletUnlocker service is no longer available',
    )
    await waitForState(client, 'SERVER_ACTIVE')
    expect((await client.get('/v1/getinfo')).status).toBe(200)
    client.close()
  })
})

/** Businesses at a given onboarding point, made through the real procedures. */
import { uniqueEmail, type TestBrowser, type TestEnv } from './test-env'
import {
  companyDetails,
  corporationDirectors,
  financial,
  operations,
  pci,
  terms,
} from './onboarding-fixtures'
import type { TestSimnet } from './simnet'
import { until } from './assertions'

export async function approvedBusiness(
  env: TestEnv,
): Promise<{ b: TestBrowser; businessId: string }> {
  const b = env.browser()
  const owner = await b.caller.auth.signUp({
    email: uniqueEmail(),
    password: 'correct horse battery',
  })
  // the owner opened the verification mail (recovery tests open it): payouts need it
  await env.database.db
    .updateTable('users')
    .set({ emailVerifiedAt: new Date() })
    .where('id', '=', owner.id)
    .execute()
  const { id: businessId } = await b.caller.businesses.create({ name: 'Corner Café' })
  await b.caller.onboarding.saveCompany({ businessId, data: companyDetails() })
  await b.caller.onboarding.saveDirectors({ businessId, data: corporationDirectors })
  await b.caller.onboarding.saveFinancial({ businessId, data: financial })
  await b.caller.onboarding.savePci({ businessId, data: pci })
  await b.caller.onboarding.saveOperations({ businessId, data: operations })
  const { step } = await b.caller.onboarding.submit({ businessId, data: terms })
  if (step !== 'paymentProvider') throw new Error(`expected auto-approval, got ${step}`)
  return { b, businessId }
}

/** A business whose money is held in a simnet NWC wallet (currency GBP). */
export async function nwcBusiness(env: TestEnv, net: TestSimnet) {
  const { b, businessId } = await approvedBusiness(env)
  const { uri } = await net.control<{ uri: string }>('POST', '/nwc/connections', { name: 'till' })
  await b.caller.onboarding.connectNwc({ businessId, url: uri })
  return { b, businessId }
}

/** A business whose money is held in a simnet exchange account (currency GBP). */
export async function exchangeBusiness(env: TestEnv, net: TestSimnet) {
  const { b, businessId } = await approvedBusiness(env)
  await b.caller.onboarding.choosePaymentProvider({ businessId, kind: 'exchange' })
  const { key, secret } = await net.control<{ key: string; secret: string }>(
    'POST',
    '/kraken/keys',
    {},
  )
  await b.caller.onboarding.connectExchange({ businessId, apiKey: key, secretKey: secret })
  return { b, businessId }
}

/** A business that chose its own hosted node, initialised and running: at the deposit step. */
export async function ownNodeAtDepositStep(env: TestEnv) {
  const { b, businessId } = await approvedBusiness(env)
  await b.caller.onboarding.choosePaymentProvider({ businessId, kind: 'lightningNode' })
  await b.caller.node.request({ businessId })
  await until(
    () => b.caller.node.status({ businessId }),
    (s) => s.hostState === 'waiting_for_initialisation',
    'the node to wait for initialisation',
  )
  const password = 'my node password'
  await b.caller.node.initialise({ businessId, password, confirmPassword: password })
  await b.caller.node.confirmSeed({ businessId })
  await until(
    () => b.caller.node.status({ businessId }),
    (s) => s.walletState === 'SERVER_ACTIVE',
    'the wallet to start',
  )
  return { b, businessId }
}

/**
 * A business on its own hosted node, initialised, whose channel deposit has 3 confirmations: the
 * channel to the liquidity provider is being opened (how it ends is up to the caller).
 */
export async function ownNodeWithDeposit(env: TestEnv, net: TestSimnet, depositSat: number) {
  const { b, businessId } = await ownNodeAtDepositStep(env)
  const { onchainInvoiceId } = await b.caller.deposit.create({ businessId, amountSat: depositSat })
  const { address } = await b.caller.deposit.get({ businessId, onchainInvoiceId })
  await net.control('POST', '/send', { address, amountSat: depositSat })
  await net.control('POST', '/mine', { blocks: 3 })
  await env.services.deposits.tick()
  return { b, businessId, onchainInvoiceId }
}

/**
 * A business on its own hosted node whose channel to the liquidity provider is open (the
 * provider matches it with inbound liquidity), so it can receive.
 */
export async function ownNodeBusiness(env: TestEnv, net: TestSimnet, depositSat = 400_000) {
  const deposited = await ownNodeWithDeposit(env, net, depositSat)
  await channelOpened(env, net, deposited)
  return { b: deposited.b, businessId: deposited.businessId }
}

/** Mines the 3 blocks a confirmed deposit's channel waits for, until the channel is open. */
export async function channelOpened(
  env: TestEnv,
  net: TestSimnet,
  {
    b,
    businessId,
    onchainInvoiceId,
  }: { b: TestBrowser; businessId: string; onchainInvoiceId: string },
) {
  await net.control('POST', '/mine', { blocks: 3 })
  let minedAt = Date.now()
  return until(
    async () => {
      await env.services.deposits.tick()
      const deposit = await b.caller.deposit.get({ businessId, onchainInvoiceId })
      // On a busy machine the funding transaction may go out after those blocks: one more
      // block a second confirms it whenever it went out.
      if (deposit.channel.state === 'opening' && Date.now() - minedAt > 1_000) {
        await net.control('POST', '/mine', { blocks: 1 })
        minedAt = Date.now()
      }
      return deposit
    },
    (d) => d.channel.state === 'open',
    'the channel to open',
  )
}

/** A Lightning payment of `sat` to the business, paid by simnet's payer; the settled view. */
export async function paidLightning(
  owner: { b: TestBrowser; businessId: string },
  net: TestSimnet,
  sat: number,
) {
  const { b, businessId } = owner
  const payment = await b.caller.payments.createLightning({ businessId, amount: { sat } })
  await net.control('POST', '/pay', { invoice: payment.paymentRequest })
  return until(
    () => b.caller.payments.get({ businessId, paymentId: payment.id }),
    (p) => p.status === 'settled',
    'the payment to settle',
  )
}

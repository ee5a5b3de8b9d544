/**
 * A merchant's node restarted by its host comes back locked: payments are refused with
 * NODE_NOT_READY (nothing reaches the node), `node.unlock` refuses an empty and a wrong password
 * with their own codes, a node it cannot reach with NODE_UNLOCK_FAILED, counts attempts, and
 * with the right password the node starts again and payments resume.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { createNodeUnlock } from '../src/modules/node/unlock'
import { appCode, rejection, until } from './assertions'
import { paidLightning } from './businesses'
import { scenario } from './harness'

const PASSWORD = 'my node password'

const t = await scenario({ simnet: true, realtime: true, business: 'own-node-with-channel' })
afterAll(t.close)
const { env, net } = t
const { b, businessId } = t.owner

/** The node host API, as the operator's tooling calls it. */
const host = (action: 'restart' | 'stop' | 'start') => t.nodeHost(action)

const status = () => b.caller.node.status({ businessId })
const untilLocked = () =>
  until(status, (s) => s.hostState === 'locked' && s.walletState === 'LOCKED', 'the node locked')

describe('a locked node', () => {
  it('refuses payments as not ready, refuses bad passwords, unlocks, and takes payments', async () => {
    await host('restart')
    const locked = await untilLocked()
    expect(locked.isReady).toBe(false)

    const refused = await rejection(
      b.caller.payments.createLightning({ businessId, amount: { sat: 1_000 } }),
    )
    expect(appCode(refused)).toBe('NODE_NOT_READY')
    const onchain = await rejection(
      b.caller.payments.createOnchain({ businessId, amount: { sat: 20_000 } }),
    )
    expect(appCode(onchain)).toBe('NODE_NOT_READY')
    // Ecash too: refused before the token is swapped, so the payer keeps it.
    const { token } = await net.control<{ token: string }>('POST', '/cashu/token', {
      amountSat: 2_000,
    })
    const ecash = await rejection(b.caller.ecash.redeem({ businessId, token }))
    expect(appCode(ecash)).toBe('NODE_NOT_READY')

    const empty = await rejection(b.caller.node.unlock({ businessId, password: '' }))
    expect(appCode(empty)).toBe('NODE_PASSWORD_EMPTY')
    const wrong = await rejection(b.caller.node.unlock({ businessId, password: 'not my password' }))
    expect(appCode(wrong)).toBe('INVALID_NODE_PASSWORD')
    expect((await status()).walletState).toBe('LOCKED')

    const unlocked = await b.caller.node.unlock({ businessId, password: PASSWORD })
    expect(unlocked.walletState).not.toBe('LOCKED')
    // Asked again (a second tab, a retry): already unlocked counts as unlocked.
    await b.caller.node.unlock({ businessId, password: PASSWORD })

    await until(status, (s) => s.isReady, 'the node to be ready again')
    const settled = await paidLightning(t.owner, net, 1_500)
    expect(settled.receivedSat).toBe(1_500)
  })

  it('says the unlock failed when the node is not running', async () => {
    await host('stop')
    await until(status, (s) => s.hostState === 'stopped', 'the node stopped')
    const failed = await rejection(b.caller.node.unlock({ businessId, password: PASSWORD }))
    expect(appCode(failed)).toBe('NODE_UNLOCK_FAILED')
    await host('start')
    await untilLocked()
    await b.caller.node.unlock({ businessId, password: PASSWORD })
    await until(status, (s) => s.isReady, 'the node to be ready again')
  })

  it('limits unlock attempts per user, and the right password forgives them', async () => {
    await host('restart')
    await untilLocked()
    const { admin } = await env.services.nodes.admin(businessId)
    const limits = {
      perUser: { points: 2, durationSec: 60 },
      perBusiness: { points: 100, durationSec: 60 },
    }
    const unlocking = createNodeUnlock({ pool: env.database.pool, limits })
    const attempt = (userId: string, password: string) =>
      unlocking.unlock({ userId, businessId, password, admin })
    const codeOf = (p: Promise<void>) =>
      p.then(
        () => 'unlocked',
        (e: unknown) => (e as { code?: string }).code,
      )
    expect(await codeOf(attempt('user-c', 'wrong password'))).toBe('INVALID_NODE_PASSWORD')
    expect(await codeOf(attempt('user-a', 'wrong password'))).toBe('INVALID_NODE_PASSWORD')
    expect(await codeOf(attempt('user-a', 'wrong password'))).toBe('INVALID_NODE_PASSWORD')
    // Spent: even the right password is not tried for this user.
    expect(await codeOf(attempt('user-a', PASSWORD))).toBe('RATE_LIMITED')
    expect((await status()).walletState).toBe('LOCKED')
    // Another user is counted apart; the right password forgives that user's attempts.
    expect(await codeOf(attempt('user-c', PASSWORD))).toBe('unlocked')
    await until(status, (s) => s.isReady, 'the node to be ready again')
    await host('restart')
    await untilLocked()
    expect(await codeOf(attempt('user-c', 'wrong password'))).toBe('INVALID_NODE_PASSWORD')
    expect(await codeOf(attempt('user-c', 'wrong password'))).toBe('INVALID_NODE_PASSWORD')
    expect(await codeOf(attempt('user-b', PASSWORD))).toBe('unlocked')
  })
})

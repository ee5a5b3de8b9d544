/**
 * The one consent policy every way money leaves a business passes, before anything is written
 * or sent: withdrawals, refunds (paid as withdrawals), Loop swaps, autoloop's destination and
 * replacing the wallet. In order: the owner's proof for the act (the password and second factor
 * given with it, or the session's step-up of the last few minutes; signing in is not one), the
 * operator's payout limits (per payout and per rolling 24 hours), every destination screened
 * (the operator's denylist, then the sanctions provider, failing closed), and an audit row for
 * the decision, allowed or refused. A refusal throws its catalogue code; nothing else is written.
 */
import { STEP_UP_VALID_SEC, type ConsentAction, type StepUpProof } from '@app/domain'
import { DomainError } from '../../lib/errors'
import type { ScreeningService } from '../screening'
import type { ConsentRepo, PayoutLimits } from './repo'

const DAY_MS = 24 * 60 * 60 * 1000

export interface ConsentActor {
  businessId: string
  /** the signed-in user; null for a refund a staff member made at a terminal */
  userId: string | null
  /** the user's session, whose step-up may stand for the proof */
  sessionIdHash?: string
  ip?: string
}

export interface ConsentRequest {
  action: ConsentAction
  actor: ConsentActor
  /** the password and second factor given with the act, if any */
  proof?: StepUpProof
  /** where the money goes, as the audit names it */
  destination: string
  /** the addresses, keys and hosts screened */
  screen: string[]
  /** null: an act with no amount of its own (a wallet, autoloop's destination) */
  amountSat: number | null
}

export interface ConsentDeps {
  repo: ConsentRepo
  screening: ScreeningService
  auth: {
    confirmWithPassword(input: {
      userId: string
      password: string
      code?: string
      /** a passkey's answer to the session's step-up challenge, in place of the code */
      passkey?: StepUpProof['passkey']
      sessionIdHash?: string
      ip?: string
    }): Promise<void>
  }
  /** EMAIL_NOT_VERIFIED unless the user may send payouts with their address as it is */
  requireVerifiedEmail?: (userId: string) => Promise<void>
  /** the policy's clock (step-ups' validity, the day's window) */
  now?: () => Date
  log?: (msg: string, err?: unknown) => void
}

export function createConsentService(deps: ConsentDeps) {
  const { repo, screening } = deps
  const now = deps.now ?? (() => new Date())

  /** How the act was consented to ('password', 'step-up', 'staff'); STEP_UP_REQUIRED if not. */
  async function proven(
    req: Pick<ConsentRequest, 'actor' | 'proof'> & { action?: ConsentAction },
  ): Promise<'password' | 'step-up' | 'staff'> {
    const { actor, proof } = req
    if (actor.userId === null) {
      // a refund: the refunds module checked the staff member's permission
      if (req.action === 'refund') return 'staff'
      throw new DomainError('STEP_UP_REQUIRED', 'Confirm with your password first')
    }
    if (proof?.password !== undefined) {
      await deps.auth.confirmWithPassword({
        userId: actor.userId,
        password: proof.password,
        code: proof.code,
        passkey: proof.passkey,
        sessionIdHash: actor.sessionIdHash,
        ip: actor.ip,
      })
      return 'password'
    }
    if (actor.sessionIdHash) {
      const until = await repo.stepUpUntil(actor.sessionIdHash, actor.userId)
      if (until && until.getTime() > now().getTime()) return 'step-up'
    }
    throw new DomainError('STEP_UP_REQUIRED', 'Confirm with your password first')
  }

  /** PAYOUT_LIMIT_EXCEEDED or DAILY_PAYOUT_LIMIT_EXCEEDED when the amount passes a limit. */
  async function checkLimits(businessId: string, amountSat: number | null): Promise<void> {
    if (amountSat === null) return
    const limits = await repo.limits(businessId)
    if (limits.perPayoutSat !== null && amountSat > limits.perPayoutSat) {
      throw new DomainError('PAYOUT_LIMIT_EXCEEDED', 'More than one payout may be', {
        limitSat: limits.perPayoutSat,
      })
    }
    if (limits.perDaySat !== null) {
      const paid = await repo.paidOutSince(businessId, new Date(now().getTime() - DAY_MS))
      if (paid + amountSat > limits.perDaySat) {
        throw new DomainError('DAILY_PAYOUT_LIMIT_EXCEEDED', 'More than may leave in a day', {
          limitSat: limits.perDaySat,
          remainingSat: Math.max(0, limits.perDaySat - paid),
        })
      }
    }
  }

  async function screenAll(
    targets: string[],
    actor: ConsentActor,
    stage: 'quote' | 'send',
    signal?: AbortSignal,
  ): Promise<void> {
    const ctx = { businessId: actor.businessId, userId: actor.userId, stage }
    for (const target of new Set(targets)) await screening.screen(target, ctx, signal)
  }

  async function audit(
    req: ConsentRequest,
    outcome: 'allowed' | 'refused',
    reason: string,
  ): Promise<void> {
    await repo.record({
      businessId: req.actor.businessId,
      userId: req.actor.userId,
      actor: req.actor.userId === null ? 'staff' : 'user',
      action: req.action,
      destination: req.destination.slice(0, 500),
      amountSat: req.amountSat,
      outcome,
      reason,
    })
  }

  async function recordStepUp(userId: string, sessionIdHash: string): Promise<Date> {
    const until = new Date(now().getTime() + STEP_UP_VALID_SEC * 1000)
    await repo.recordStepUp(sessionIdHash, userId, until)
    return until
  }

  return {
    /**
     * The password (and second factor) given for what follows: the session may move money for
     * STEP_UP_VALID_SEC without asking again. Wrong tries are limited as every confirmation is.
     */
    async stepUp(input: {
      userId: string
      sessionIdHash: string
      password: string
      code?: string
      passkey?: StepUpProof['passkey']
      ip?: string
    }): Promise<{ validUntil: Date }> {
      await deps.auth.confirmWithPassword(input)
      return {
        validUntil: await recordStepUp(input.userId, input.sessionIdHash),
      }
    },

    /** Until when the session's step-up holds; null without one. */
    async stepUpStatus(
      userId: string,
      sessionIdHash: string,
    ): Promise<{ validUntil: Date | null }> {
      const until = await repo.stepUpUntil(sessionIdHash, userId)
      return {
        validUntil: until && until.getTime() > now().getTime() ? until : null,
      }
    },

    /**
     * What a quote may say before the act: the limits and the destinations screened (audited as
     * screening decisions); no proof asked yet and no consent decision recorded, unless the check
     * is of an act being made (`refusalOf`, a refund at a terminal): its refusal is then audited.
     */
    async precheck(
      req: Pick<ConsentRequest, 'actor' | 'screen' | 'amountSat'> & {
        refusalOf?: Pick<ConsentRequest, 'action' | 'destination'>
      },
      signal?: AbortSignal,
    ): Promise<void> {
      try {
        if (req.actor.userId !== null) await deps.requireVerifiedEmail?.(req.actor.userId)
        await checkLimits(req.actor.businessId, req.amountSat)
        await screenAll(req.screen, req.actor, 'quote', signal)
      } catch (err) {
        if (req.refusalOf) {
          const code = err instanceof DomainError ? err.code : 'INTERNAL'
          await audit({ ...req, ...req.refusalOf }, 'refused', code).catch((e: unknown) =>
            deps.log?.('consent audit', e),
          )
        }
        throw err
      }
    },

    /**
     * The policy's decision on one act, audited; throws the refusal's catalogue code. Called
     * right before the act writes or sends anything.
     */
    async authorize(req: ConsentRequest, signal?: AbortSignal): Promise<void> {
      let how: Awaited<ReturnType<typeof proven>>
      try {
        // a payout needs a verified address (the wallet's replacement moves no money itself)
        if (req.actor.userId !== null && req.action !== 'wallet_replace') {
          await deps.requireVerifiedEmail?.(req.actor.userId)
        }
        how = await proven(req)
        await checkLimits(req.actor.businessId, req.amountSat)
        await screenAll(req.screen, req.actor, 'send', signal)
      } catch (err) {
        const code = err instanceof DomainError ? err.code : 'INTERNAL'
        await audit(req, 'refused', code).catch((e: unknown) => deps.log?.('consent audit', e))
        throw err
      }
      await audit(req, 'allowed', how)
      // a password given with the act stands for the next few minutes of this session too
      if (how === 'password' && req.actor.userId && req.actor.sessionIdHash) {
        await recordStepUp(req.actor.userId, req.actor.sessionIdHash)
      }
    },

    /**
     * The owner's proof for an act that moves no money itself (giving the business to another
     * member): the password and second factor given with it, or the session's recent step-up;
     * STEP_UP_REQUIRED otherwise. A password given stands for the next few minutes too.
     */
    async prove(actor: ConsentActor & { userId: string }, proof?: StepUpProof) {
      const how = await proven({ actor, proof })
      if (how === 'password' && actor.sessionIdHash) {
        await recordStepUp(actor.userId, actor.sessionIdHash)
      }
      return how
    },

    limits: (businessId: string) => repo.limits(businessId),
    setLimits: (businessId: string, limits: PayoutLimits, setBy: string) =>
      repo.setLimits(businessId, limits, setBy),
  }
}

export type ConsentService = ReturnType<typeof createConsentService>

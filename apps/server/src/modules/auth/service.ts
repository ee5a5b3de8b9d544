/**
 * Accounts and sessions: sign-up, sign-in (with a second step when two-factor sign-in is on),
 * sign-out, the current profile, password change, the sessions list. A session ends when unused
 * for a while (sliding) and in any case some time after it began (absolute).
 */
import { DomainError } from '../../lib/errors'
import { isUuid } from '../../lib/ids'
import type { PgEventBus } from '../../lib/pg-events'
import { SealedValueError, hashToken, newToken, type SecretBox } from '../../lib/secrets'
import type { AuthLimits } from './rate-limits'
import type { AuthRepo, MemberBusiness, SessionOrigin, SessionUser } from './repo'
import { PASSWORD_MIN_LENGTH, dummyPasswordHash, hashPassword, verifyPassword } from './passwords'
import { createSessionGuard, type SessionGuardOptions } from './session-guard'
import { createTwoFactor } from './two-factor'
import { summariseUserAgent } from './user-agent'

const DAY_MS = 24 * 60 * 60 * 1000

/** How long sessions live. */
export interface SessionLifetime {
  /** unused this long, a session ends (each use moves its end forward) */
  idleMs: number
  /** a session ends this long after sign-in, however much it is used */
  absoluteMs: number
}

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = {
  idleMs: 14 * DAY_MS,
  absoluteMs: 30 * DAY_MS,
}

/** A session's end slides forward at most this often, so reads don't write every request. */
const SESSION_TOUCH_MS = 5 * 60 * 1000
/** How long the code step of a sign-in may wait after the password was right. */
const SIGN_IN_CHALLENGE_MS = 5 * 60 * 1000
const USER_AGENT_MAX = 512

export interface Profile {
  id: string
  email: string
  isOperator: boolean
}

export interface NewSession {
  token: string
  /** when the browser may drop the cookie: the session's absolute end */
  expiresAt: Date
}

/** Where and how a sign-in request came. */
export interface ClientInfo {
  ip: string
  userAgent?: string | undefined
}

export type SignInResult =
  { step: 'signedIn'; profile: Profile; session: NewSession } | { step: 'code'; challenge: string }

function toProfile(u: { id: string; email: string; isOperator: boolean }): Profile {
  return { id: u.id, email: u.email, isOperator: u.isOperator }
}

const challengeAt = { table: 'sign_in', column: 'challenge', id: 'second-factor' }

export interface AuthServiceOptions {
  secrets: SecretBox
  /** realtime notifications: subscriptions of a session that ends elsewhere end at once */
  bus?: PgEventBus
  /** the name authenticator apps show for the account */
  issuer?: string
  sessions?: Partial<SessionLifetime>
  subscriptions?: Partial<SessionGuardOptions>
  log?: (msg: string, err?: unknown) => void
}

export function createAuthService(repo: AuthRepo, limits: AuthLimits, opts: AuthServiceOptions) {
  const lifetime = { ...DEFAULT_SESSION_LIFETIME, ...opts.sessions }
  const endsBy = (createdAt: Date) => new Date(createdAt.getTime() + lifetime.absoluteMs)
  const twoFactor = createTwoFactor({
    repo,
    limits,
    secrets: opts.secrets,
    issuer: opts.issuer ?? 'Bitcoin',
  })
  const guard = createSessionGuard({
    repo,
    bus: opts.bus,
    endsBy,
    options: opts.subscriptions,
    log: opts.log,
  })

  async function startSession(userId: string, client: ClientInfo): Promise<NewSession> {
    const token = newToken()
    const now = Date.now()
    const absoluteEnd = new Date(now + lifetime.absoluteMs)
    const origin: SessionOrigin = {
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ip: client.ip || null,
    }
    await repo.insertSession(
      hashToken(token),
      userId,
      new Date(Math.min(now + lifetime.idleMs, absoluteEnd.getTime())),
      origin,
    )
    return { token, expiresAt: absoluteEnd }
  }

  /**
   * A session past its absolute end is ended; one in use keeps living until then: its end
   * slides, written at most once per touch period (with the address it is used from).
   */
  async function checkAndSlide(session: SessionUser, now: Date, ip?: string): Promise<boolean> {
    const absoluteEnd = endsBy(session.sessionCreatedAt).getTime()
    if (absoluteEnd <= now.getTime()) {
      await repo.deleteSession(session.sessionIdHash)
      return false
    }
    if (now.getTime() - session.lastSeenAt.getTime() <= SESSION_TOUCH_MS) return true
    const slid = new Date(Math.min(now.getTime() + lifetime.idleMs, absoluteEnd))
    await repo.touchSession(session.sessionIdHash, now, slid, ip)
    return true
  }

  function sealChallenge(userId: string): string {
    const payload = { userId, expiresAt: Date.now() + SIGN_IN_CHALLENGE_MS }
    return opts.secrets.seal(JSON.stringify(payload), challengeAt)
  }

  /** The user a sign-in challenge was given to, or SIGN_IN_EXPIRED. */
  function openChallenge(challenge: string): string {
    const expired = new DomainError('SIGN_IN_EXPIRED', 'Sign in again')
    let payload: unknown
    try {
      payload = JSON.parse(opts.secrets.open(challenge, challengeAt))
    } catch (err) {
      if (err instanceof SealedValueError || err instanceof SyntaxError) throw expired
      throw err
    }
    if (
      typeof payload !== 'object' ||
      payload === null ||
      !('userId' in payload) ||
      !('expiresAt' in payload) ||
      typeof payload.userId !== 'string' ||
      typeof payload.expiresAt !== 'number' ||
      payload.expiresAt <= Date.now()
    ) {
      throw expired
    }
    return payload.userId
  }

  async function checkPassword(userId: string, password: string) {
    const user = await repo.findUserById(userId)
    if (!user) throw new DomainError('UNAUTHORIZED')
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw new DomainError('WRONG_CURRENT_PASSWORD', 'The current password is wrong')
    }
    return user
  }

  return {
    lifetime,

    async signUp(input: { email: string; password: string } & ClientInfo) {
      await limits.beforeSignUp(input.ip)
      if (input.password.length < PASSWORD_MIN_LENGTH) {
        throw new DomainError('PASSWORD_TOO_SHORT', undefined, { min: PASSWORD_MIN_LENGTH })
      }
      const user = await repo.insertUser(input.email.trim(), await hashPassword(input.password))
      if (!user) throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists')
      return { profile: toProfile(user), session: await startSession(user.id, input) }
    },

    /**
     * The password step. With two-factor sign-in on, no session yet: a short-lived challenge
     * that the code step (`signInWithCode`) takes with the code.
     */
    async signIn(input: { email: string; password: string } & ClientInfo): Promise<SignInResult> {
      await limits.beforeSignIn(input.ip, input.email)
      const user = await repo.findUserByEmail(input.email.trim())
      const ok = await verifyPassword(
        input.password,
        user?.passwordHash ?? (await dummyPasswordHash()),
      )
      if (!user || !ok) {
        throw new DomainError('INVALID_CREDENTIALS', 'Wrong email or password')
      }
      await limits.succeededSignIn(input.email)
      if (await twoFactor.isEnabled(user.id)) {
        return { step: 'code', challenge: sealChallenge(user.id) }
      }
      return {
        step: 'signedIn',
        profile: toProfile(user),
        session: await startSession(user.id, input),
      }
    },

    /** The code step: a code from the authenticator or a recovery code; then the session. */
    async signInWithCode(input: { challenge: string; code: string } & ClientInfo) {
      const userId = openChallenge(input.challenge)
      const user = await repo.findUserById(userId)
      if (!user) throw new DomainError('SIGN_IN_EXPIRED', 'Sign in again')
      await twoFactor.verify(user.id, input.code, input.ip)
      return { profile: toProfile(user), session: await startSession(user.id, input) }
    },

    async signOut(sessionToken: string | undefined): Promise<void> {
      if (sessionToken) await repo.deleteSession(hashToken(sessionToken))
    },

    /** The signed-in user for a cookie token, or null; slides the session's end. */
    async resolveSession(
      sessionToken: string | undefined,
      ip?: string,
    ): Promise<SessionUser | null> {
      if (!sessionToken) return null
      const now = new Date()
      const user = await repo.findSessionUser(hashToken(sessionToken), now)
      if (!user) return null
      return (await checkAndSlide(user, now, ip)) ? user : null
    },

    /**
     * The signed-in user and the business they act on, with one query: `business` is null when
     * the user is not a member of it (or the id is malformed), which callers answer NOT_FOUND.
     */
    async resolveSessionInBusiness(
      sessionToken: string | undefined,
      businessId: string,
      ip?: string,
    ): Promise<{ user: SessionUser; business: MemberBusiness | null } | null> {
      if (!sessionToken) return null
      const now = new Date()
      const idHash = hashToken(sessionToken)
      const found = isUuid(businessId)
        ? await repo.findSessionUserInBusiness(idHash, now, businessId)
        : await repo.findSessionUser(idHash, now).then((u) => u && { ...u, business: null })
      if (!found) return null
      if (!(await checkAndSlide(found, now, ip))) return null
      const { business, ...user } = found
      return { user, business }
    },

    /** Changes the password, ends every session of the user and starts a fresh one. */
    async changePassword(
      input: {
        userId: string
        currentPassword: string
        newPassword: string
        confirmPassword: string
      } & ClientInfo,
    ): Promise<NewSession> {
      await limits.beforeChangePassword(input.userId)
      if (input.newPassword !== input.confirmPassword) {
        throw new DomainError('PASSWORD_MISMATCH', 'The new password and its confirmation differ')
      }
      if (input.newPassword.length < PASSWORD_MIN_LENGTH) {
        throw new DomainError('PASSWORD_TOO_SHORT', undefined, { min: PASSWORD_MIN_LENGTH })
      }
      const user = await checkPassword(input.userId, input.currentPassword)
      await repo.setPassword(user.id, await hashPassword(input.newPassword))
      await repo.deleteUserSessions(user.id)
      return startSession(user.id, input)
    },

    /** The user's live sessions for the Account page; `isCurrent` marks the asking one. */
    async listSessions(user: SessionUser) {
      const rows = await repo.listSessions(user.id, new Date())
      return rows.map((row) => ({
        id: row.id,
        isCurrent: row.idHash === user.sessionIdHash,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        ip: row.ip,
        ...summariseUserAgent(row.userAgent),
      }))
    },

    /** Signs out one other session of the user (this one signs out with `signOut`). */
    async revokeSession(user: SessionUser, sessionId: string): Promise<void> {
      const ended =
        isUuid(sessionId) && (await repo.deleteSessionById(user.id, sessionId, user.sessionIdHash))
      if (!ended) throw new DomainError('NOT_FOUND', 'Session not found')
    },

    /** Signs out every session of the user but this one; how many ended. */
    revokeOtherSessions: (user: SessionUser) =>
      repo.deleteOtherSessions(user.id, user.sessionIdHash),

    twoFactorStatus: (userId: string) => twoFactor.status(userId),
    startTwoFactor: (user: { id: string; email: string }) => twoFactor.start(user),
    confirmTwoFactor: (userId: string, code: string) => twoFactor.confirm(userId, code),

    /** Turns two-factor sign-in off: the password and a code (or a recovery code) first. */
    async disableTwoFactor(input: { userId: string; password: string; code: string }) {
      if (!(await twoFactor.isEnabled(input.userId))) {
        throw new DomainError('TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is off')
      }
      await limits.beforeChangePassword(input.userId)
      await checkPassword(input.userId, input.password)
      await twoFactor.verify(input.userId, input.code)
      await twoFactor.disable(input.userId)
    },

    /** New recovery codes for a code from the authenticator (or a recovery code). */
    async renewRecoveryCodes(input: { userId: string; code: string }) {
      if (!(await twoFactor.isEnabled(input.userId))) {
        throw new DomainError('TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is off')
      }
      await twoFactor.verify(input.userId, input.code)
      return twoFactor.renewRecoveryCodes(input.userId)
    },

    /**
     * Before money leaves (a withdrawal): the account password (wrong ones limited per user),
     * and the second factor when the user has it on.
     */
    async confirmWithPassword(input: {
      userId: string
      password: string
      code?: string
      ip?: string
    }): Promise<void> {
      await limits.beforeConfirmPassword(input.userId)
      await checkPassword(input.userId, input.password)
      await limits.succeededConfirmPassword(input.userId)
      await twoFactor.verify(input.userId, input.code, input.ip)
    },

    /**
     * Before the seed words are shown: limited per user and per business, and the second
     * factor again when the user has it on.
     */
    async guardSeedReveal(input: { userId: string; businessId: string; code?: string }) {
      await limits.beforeRevealSeed(input.userId, input.businessId)
      await twoFactor.verify(input.userId, input.code)
    },

    /**
     * Registers an open subscription of the session: `onEnd` runs if the session ends while it
     * is open. Refused beyond the limit of open subscriptions per session.
     */
    holdSubscription: (session: SessionUser, onEnd: () => void) =>
      guard.open(
        {
          idHash: session.sessionIdHash,
          expiresAt: session.sessionExpiresAt,
          endsBy: endsBy(session.sessionCreatedAt),
        },
        onEnd,
      ),

    /** How many subscriptions a session holds open on this instance. */
    openSubscriptions: (sessionIdHash: string) => guard.openCount(sessionIdHash),

    close: () => guard.close(),

    toProfile,
  }
}

export type AuthService = ReturnType<typeof createAuthService>

/**
 * Accounts and sessions, one service over its parts: sign-up, sign-in (with a second step when
 * two-factor sign-in is on: `sign-in-challenge.ts`, `two-factor.ts`), sign-out and the sessions
 * (`sessions.ts`), the current profile, password change and the confirmations asked before
 * money leaves or the seed words are shown, and the subscriptions a session holds open
 * (`session-guard.ts`).
 */
import { DomainError } from '../../lib/errors'
import type { PasskeyAssertion } from '@app/domain'
import type { PgEventBus } from '../../lib/pg-events'
import type { SecretBox } from '../../lib/secrets'
import type { SecurityNotices } from '../../mail/security-notices'
import type { PasskeyService } from '../passkeys'
import type { KnownBrowsers } from './known-browsers'
import type { AuthLimits } from './rate-limits'
import type { AuthRepo } from './repo'
import { createConfirmations } from './confirmations'
import { PASSWORD_MIN_LENGTH, dummyPasswordHash, hashPassword, verifyPassword } from './passwords'
import { createSessionGuard, type SessionGuardOptions } from './session-guard'
import type { SessionUser } from './session-repo'
import { createSessions, type ClientInfo, type NewSession, type SessionLifetime } from './sessions'
import { createSignInChallenges } from './sign-in-challenge'
import { createTwoFactor } from './two-factor'

export {
  DEFAULT_SESSION_LIFETIME,
  type ClientInfo,
  type NewSession,
  type SessionLifetime,
} from './sessions'

export interface Profile {
  id: string
  email: string
  isOperator: boolean
}

export type SignInResult =
  { step: 'signedIn'; profile: Profile; session: NewSession } | { step: 'code'; challenge: string }

function toProfile(u: { id: string; email: string; isOperator: boolean }): Profile {
  return { id: u.id, email: u.email, isOperator: u.isOperator }
}

export interface AuthServiceOptions {
  secrets: SecretBox
  /** realtime notifications: subscriptions of a session that ends elsewhere end at once */
  bus?: PgEventBus
  /** the name authenticator apps show for the account */
  issuer?: string
  sessions?: Partial<SessionLifetime>
  subscriptions?: Partial<SessionGuardOptions>
  log?: (msg: string, err?: unknown) => void
  /** the account's passkeys: a sign-in with one, and a step-up's second factor */
  passkeys?: PasskeyService
  /** security notices mailed to the account (password, two-factor, passkey changes) */
  notices?: SecurityNotices
  /** the browsers each account signed in from: a new one is mailed (`known-browsers.ts`) */
  knownBrowsers?: KnownBrowsers
}

export function createAuthService(repo: AuthRepo, limits: AuthLimits, opts: AuthServiceOptions) {
  const sessions = createSessions(repo, opts.sessions)
  const challenges = createSignInChallenges(opts.secrets)
  const twoFactor = createTwoFactor({
    repo,
    limits,
    secrets: opts.secrets,
    issuer: opts.issuer ?? 'Bitcoin',
    notices: opts.notices,
  })
  const confirmations = createConfirmations({
    repo,
    limits,
    twoFactor,
    sessions,
    passkeys: opts.passkeys,
    notices: opts.notices,
  })
  const guard = createSessionGuard({
    repo,
    bus: opts.bus,
    endsBy: sessions.endsBy,
    options: opts.subscriptions,
    log: opts.log,
  })

  /** A session for a sign-in, with the browser's known-browser cookie (renewed). */
  async function begin(userId: string, client: ClientInfo, signUp = false): Promise<NewSession> {
    const session = await sessions.start(userId, client)
    if (!opts.knownBrowsers) return session
    const knownBrowser = await opts.knownBrowsers.signedIn(userId, client, { signUp })
    return { ...session, knownBrowser }
  }

  return {
    lifetime: sessions.lifetime,

    async signUp(input: { email: string; password: string } & ClientInfo) {
      await limits.beforeSignUp(input.ip)
      if (input.password.length < PASSWORD_MIN_LENGTH) {
        throw new DomainError('PASSWORD_TOO_SHORT', undefined, { min: PASSWORD_MIN_LENGTH })
      }
      const user = await repo.insertUser(input.email.trim(), await hashPassword(input.password))
      if (!user) throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists')
      return { profile: toProfile(user), session: await begin(user.id, input, true) }
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
        return { step: 'code', challenge: challenges.seal(user.id) }
      }
      return {
        step: 'signedIn',
        profile: toProfile(user),
        session: await begin(user.id, input),
      }
    },

    /** The code step: a code from the authenticator or a recovery code; then the session. */
    async signInWithCode(input: { challenge: string; code: string } & ClientInfo) {
      const userId = challenges.open(input.challenge)
      const user = await repo.findUserById(userId)
      if (!user) throw new DomainError('SIGN_IN_EXPIRED', 'Sign in again')
      await twoFactor.verify(user.id, input.code, input.ip)
      return { profile: toProfile(user), session: await begin(user.id, input) }
    },

    /**
     * A sign-in with a passkey: its answer to a sign-in challenge names the account. A passkey
     * asks for the user's verification (a PIN or biometrics), so no code step follows.
     */
    async signInWithPasskey(input: { response: PasskeyAssertion } & ClientInfo) {
      if (!opts.passkeys) throw new DomainError('PASSKEY_UNAVAILABLE')
      await limits.beforePasskeySignIn(input.ip)
      const userId = await opts.passkeys.authenticate(input.response)
      const user = await repo.findUserById(userId)
      if (!user) throw new DomainError('PASSKEY_UNKNOWN', 'This passkey is not registered here')
      return { profile: toProfile(user), session: await begin(user.id, input) }
    },

    /** Removes a passkey: a security change, so the password (and code when on) first. */
    async removePasskey(input: {
      userId: string
      passkeyId: string
      password: string
      code?: string
      ip?: string
    }): Promise<void> {
      if (!opts.passkeys) throw new DomainError('PASSKEY_UNAVAILABLE')
      await confirmations.confirmWithPassword(input)
      await opts.passkeys.remove(input.userId, input.passkeyId, input.ip)
    },

    signOut: sessions.signOut,
    resolveSession: sessions.resolve,
    resolveSessionInBusiness: sessions.resolveInBusiness,

    listSessions: sessions.list,
    revokeSession: sessions.revoke,
    revokeOtherSessions: sessions.revokeOthers,

    twoFactorStatus: (userId: string) => twoFactor.status(userId),
    startTwoFactor: (user: { id: string; email: string }) => twoFactor.start(user),
    confirmTwoFactor: (userId: string, code: string, ip?: string) =>
      twoFactor.confirm(userId, code, ip),

    ...confirmations,

    /**
     * Registers an open subscription of the session: `onEnd` runs if the session ends while it
     * is open. Refused beyond the limit of open subscriptions per session.
     */
    holdSubscription: (session: SessionUser, onEnd: () => void) =>
      guard.open(
        {
          idHash: session.sessionIdHash,
          expiresAt: session.sessionExpiresAt,
          endsBy: sessions.endsBy(session.sessionCreatedAt),
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

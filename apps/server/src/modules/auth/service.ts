/** Accounts and sessions: sign-up, sign-in, sign-out, the current profile, password change. */
import { DomainError } from '../../lib/errors'
import { isUuid } from '../../lib/ids'
import { hashToken, newToken } from '../../lib/secrets'
import type { AuthLimits } from './rate-limits'
import type { AuthRepo, MemberBusiness, SessionUser } from './repo'
import { PASSWORD_MIN_LENGTH, dummyPasswordHash, hashPassword, verifyPassword } from './passwords'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** A session's expiry slides forward at most this often, so reads don't write every request. */
const SESSION_TOUCH_MS = 60 * 60 * 1000

export interface Profile {
  id: string
  email: string
  isOperator: boolean
}

export interface NewSession {
  token: string
  expiresAt: Date
}

function toProfile(u: { id: string; email: string; isOperator: boolean }): Profile {
  return { id: u.id, email: u.email, isOperator: u.isOperator }
}

export function createAuthService(repo: AuthRepo, limits: AuthLimits) {
  async function startSession(userId: string): Promise<NewSession> {
    const token = newToken()
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
    await repo.insertSession(hashToken(token), userId, expiresAt)
    return { token, expiresAt }
  }

  /** A session in use keeps living: its expiry slides, written at most once per touch period. */
  async function slideExpiry(session: SessionUser, now: Date): Promise<void> {
    if (now.getTime() - session.lastSeenAt.getTime() <= SESSION_TOUCH_MS) return
    await repo.touchSession(session.sessionIdHash, now, new Date(now.getTime() + SESSION_TTL_MS))
  }

  return {
    async signUp(input: { email: string; password: string; ip: string }) {
      await limits.beforeSignUp(input.ip)
      if (input.password.length < PASSWORD_MIN_LENGTH) {
        throw new DomainError('PASSWORD_TOO_SHORT', undefined, { min: PASSWORD_MIN_LENGTH })
      }
      const user = await repo.insertUser(input.email.trim(), await hashPassword(input.password))
      if (!user) throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists')
      return { profile: toProfile(user), session: await startSession(user.id) }
    },

    async signIn(input: { email: string; password: string; ip: string }) {
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
      return { profile: toProfile(user), session: await startSession(user.id) }
    },

    async signOut(sessionToken: string | undefined): Promise<void> {
      if (sessionToken) await repo.deleteSession(hashToken(sessionToken))
    },

    /** The signed-in user for a cookie token, or null; slides the session's expiry. */
    async resolveSession(sessionToken: string | undefined): Promise<SessionUser | null> {
      if (!sessionToken) return null
      const now = new Date()
      const user = await repo.findSessionUser(hashToken(sessionToken), now)
      if (!user) return null
      await slideExpiry(user, now)
      return user
    },

    /**
     * The signed-in user and the business they act on, with one query: `business` is null when
     * the user is not a member of it (or the id is malformed), which callers answer NOT_FOUND.
     */
    async resolveSessionInBusiness(
      sessionToken: string | undefined,
      businessId: string,
    ): Promise<{ user: SessionUser; business: MemberBusiness | null } | null> {
      if (!sessionToken) return null
      const now = new Date()
      const idHash = hashToken(sessionToken)
      const found = isUuid(businessId)
        ? await repo.findSessionUserInBusiness(idHash, now, businessId)
        : await repo.findSessionUser(idHash, now).then((u) => u && { ...u, business: null })
      if (!found) return null
      await slideExpiry(found, now)
      const { business, ...user } = found
      return { user, business }
    },

    /** Changes the password, ends every session of the user and starts a fresh one. */
    async changePassword(input: {
      userId: string
      currentPassword: string
      newPassword: string
      confirmPassword: string
    }): Promise<NewSession> {
      if (input.newPassword !== input.confirmPassword) {
        throw new DomainError('PASSWORD_MISMATCH', 'The new password and its confirmation differ')
      }
      if (input.newPassword.length < PASSWORD_MIN_LENGTH) {
        throw new DomainError('PASSWORD_TOO_SHORT', undefined, { min: PASSWORD_MIN_LENGTH })
      }
      const user = await repo.findUserById(input.userId)
      if (!user) throw new DomainError('UNAUTHORIZED')
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
        throw new DomainError('WRONG_CURRENT_PASSWORD', 'The current password is wrong')
      }
      await repo.setPassword(user.id, await hashPassword(input.newPassword))
      await repo.deleteUserSessions(user.id)
      return startSession(user.id)
    },

    toProfile,
  }
}

export type AuthService = ReturnType<typeof createAuthService>

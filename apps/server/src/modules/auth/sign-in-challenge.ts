/**
 * The challenge between a sign-in's two steps: after the right password of a user with
 * two-factor sign-in on, a sealed, short-lived note of who signs in, which the code step takes
 * back with the code.
 */
import { DomainError } from '../../lib/errors'
import { SealedValueError, type SecretBox } from '../../lib/secrets'

/** How long the code step of a sign-in may wait after the password was right. */
const SIGN_IN_CHALLENGE_MS = 5 * 60 * 1000

const challengeAt = { table: 'sign_in', column: 'challenge', id: 'second-factor' }

export function createSignInChallenges(secrets: SecretBox) {
  return {
    seal(userId: string): string {
      const payload = { userId, expiresAt: Date.now() + SIGN_IN_CHALLENGE_MS }
      return secrets.seal(JSON.stringify(payload), challengeAt)
    },

    /** The user a sign-in challenge was given to, or SIGN_IN_EXPIRED. */
    open(challenge: string): string {
      const expired = new DomainError('SIGN_IN_EXPIRED', 'Sign in again')
      let payload: unknown
      try {
        payload = JSON.parse(secrets.open(challenge, challengeAt))
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
    },
  }
}

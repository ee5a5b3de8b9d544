/**
 * Two-factor sign-in with time-based codes (TOTP, RFC 6238, through `otpauth`): enrolment by an
 * `otpauth://` URI and a first code, ten single-use recovery codes (only their hashes are kept),
 * and the check every guarded action makes. A code is accepted once: its time step must be later
 * than the last one taken. Wrong codes are limited per user.
 */
import { randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { DomainError } from '../../lib/errors'
import { hashToken, type SealedAt, type SecretBox } from '../../lib/secrets'
import type { Db } from '../../db/database'
import type { SecurityNotices } from '../../mail/security-notices'
import type { SecurityEvent } from '../../mail/templates'
import type { AuthLimits } from './rate-limits'
import type { AuthRepo } from './repo'

export const RECOVERY_CODE_COUNT = 10
const PERIOD_SEC = 30
/** Codes of the step before and after are taken too (clocks drift, typing takes time). */
const WINDOW = 1

const totpSecretAt = (userId: string): SealedAt => ({
  table: 'users',
  column: 'totp_secret_sealed',
  id: userId,
})
const totpPendingAt = (userId: string): SealedAt => ({
  table: 'users',
  column: 'totp_pending_sealed',
  id: userId,
})

function totpOf(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SEC,
    secret: Secret.fromBase32(secretBase32),
  })
}

/** The time step a code of `totp` matches now, or null. */
function matchingStep(totp: TOTP, code: string, now: number): number | null {
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW })
  if (delta === null) return null
  return Math.floor(now / 1000 / PERIOD_SEC) + delta
}

/** `xxxxx-xxxxx` in lower-case letters and digits without look-alikes. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

/** Recovery codes are compared without case, spaces or dashes, as people type them. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '')
}

const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''))

export function createTwoFactor(deps: {
  repo: AuthRepo
  limits: AuthLimits
  secrets: SecretBox
  issuer: string
  now?: () => number
  /** mails `two-factor-enabled` / `-disabled` to the account in the change's transaction */
  notices?: SecurityNotices
}) {
  const { repo, limits, secrets } = deps
  const now = deps.now ?? Date.now

  const notify = async (trx: Db, userId: string, event: SecurityEvent, ip?: string) =>
    deps.notices?.toAccount(trx, userId, event, { from: ip ?? null })

  function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
    return { codes, hashes: codes.map((c) => hashToken(normaliseRecoveryCode(c))) }
  }

  /** Whether `code` (a TOTP code or an unused recovery code) is right; uses it up if so. */
  async function takeCode(userId: string, sealed: string, code: string): Promise<boolean> {
    const trimmed = code.trim()
    if (isTotpCode(trimmed)) {
      const totp = totpOf(secrets.open(sealed, totpSecretAt(userId)))
      const step = matchingStep(totp, trimmed.replace(/\s/g, ''), now())
      return step !== null && (await repo.acceptTotpStep(userId, step))
    }
    const normalised = normaliseRecoveryCode(trimmed)
    if (normalised.length !== 10) return false
    return repo.useRecoveryCode(userId, hashToken(normalised))
  }

  return {
    async status(userId: string) {
      const row = await repo.findTwoFactor(userId)
      const isEnabled = row?.totpSecretSealed != null
      return {
        isEnabled,
        enabledAt: row?.totpEnabledAt ?? null,
        recoveryCodesLeft: isEnabled ? await repo.countUnusedRecoveryCodes(userId) : 0,
      }
    },

    async isEnabled(userId: string): Promise<boolean> {
      const row = await repo.findTwoFactor(userId)
      return row?.totpSecretSealed != null
    },

    /** A new secret to enrol: kept pending until a code of it is confirmed. */
    async start(user: { id: string; email: string }) {
      const row = await repo.findTwoFactor(user.id)
      if (row?.totpSecretSealed != null) {
        throw new DomainError('TWO_FACTOR_ALREADY_ENABLED', 'Two-factor sign-in is already on')
      }
      const secret = new Secret({ size: 20 })
      await repo.setPendingTotp(user.id, secrets.seal(secret.base32, totpPendingAt(user.id)))
      const totp = totpOf(secret.base32, user.email, deps.issuer)
      return { uri: totp.toString(), secret: secret.base32 }
    },

    /** Turns two-factor sign-in on when the code matches the pending secret; the recovery codes, once. */
    async confirm(userId: string, code: string, ip?: string): Promise<{ recoveryCodes: string[] }> {
      const row = await repo.findTwoFactor(userId)
      if (row?.totpSecretSealed != null) {
        throw new DomainError('TWO_FACTOR_ALREADY_ENABLED', 'Two-factor sign-in is already on')
      }
      const pending = row?.totpPendingSealed
      if (!pending) throw new DomainError('TWO_FACTOR_NOT_STARTED', 'Start the set-up again')
      await limits.beforeCode(userId)
      const secret = secrets.open(pending, totpPendingAt(userId))
      const step = matchingStep(totpOf(secret), code.replace(/\s/g, ''), now())
      if (step === null) {
        throw new DomainError('INVALID_TWO_FACTOR_CODE', 'The code is not right')
      }
      await limits.succeededCode(userId)
      const { codes, hashes } = newRecoveryCodes()
      const sealed = secrets.seal(secret, totpSecretAt(userId))
      const enabled = await repo.enableTotp(userId, pending, sealed, step, hashes, (trx) =>
        notify(trx, userId, 'two-factor-enabled', ip),
      )
      if (!enabled) {
        throw new DomainError('TWO_FACTOR_NOT_STARTED', 'Start the set-up again')
      }
      return { recoveryCodes: codes }
    },

    /**
     * The second factor for a user who has it on: a TOTP code or a recovery code, limited per
     * user (and per address when given). Refused without a code; nothing asked when it is off.
     */
    async verify(userId: string, code: string | undefined, ip?: string): Promise<void> {
      const row = await repo.findTwoFactor(userId)
      const sealed = row?.totpSecretSealed
      if (!sealed) return
      if (!code || code.trim() === '') {
        throw new DomainError('TWO_FACTOR_REQUIRED', 'Enter the code from your authenticator app')
      }
      await limits.beforeCode(userId, ip)
      if (!(await takeCode(userId, sealed, code))) {
        throw new DomainError('INVALID_TWO_FACTOR_CODE', 'The code is not right')
      }
      await limits.succeededCode(userId)
    },

    /** Ten new recovery codes replace the old ones (after the second factor was checked). */
    async renewRecoveryCodes(userId: string): Promise<{ recoveryCodes: string[] }> {
      const { codes, hashes } = newRecoveryCodes()
      await repo.replaceRecoveryCodes(userId, hashes)
      return { recoveryCodes: codes }
    },

    disable: (userId: string, ip?: string) =>
      repo.disableTotp(userId, (trx) => notify(trx, userId, 'two-factor-disabled', ip)),
  }
}

export type TwoFactor = ReturnType<typeof createTwoFactor>

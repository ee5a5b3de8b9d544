/**
 * Passkeys (WebAuthn, through `@simplewebauthn/server`): several per account, named; a
 * registration ceremony from the account's security settings; a sign-in with a discoverable
 * passkey (the passkey names its account); and the assertion that stands for the second factor
 * of a payout's step-up. Every ceremony's challenge is stored server-side, taken once, valid a
 * few minutes, and bound to what asked for it (a registration or step-up to the user's session,
 * a sign-in to its attempt) and to the origin and site it was given for. An answer is refused,
 * with nothing changed, when its challenge is unknown, used or expired
 * (PASSKEY_CHALLENGE_EXPIRED), its credential unknown (PASSKEY_UNKNOWN) or another account's
 * (PASSKEY_OTHER_ACCOUNT), its signature, origin, site or user verification wrong
 * (PASSKEY_INVALID), or its signature counter not past the stored one (PASSKEY_COUNTER_BACKWARDS).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server'
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers'
import { randomBytes } from 'node:crypto'
import {
  PASSKEY_CHALLENGE_VALID_SEC,
  PASSKEYS_PER_ACCOUNT_MAX,
  type PasskeyAssertion,
  type PasskeyAttestation,
} from '@app/domain'
import { DomainError } from '../../lib/errors'
import type { SecurityNotices } from '../../mail/security-notices'
import type { RelyingParty } from './relying-party'
import type { ChallengeBinding, ChallengeRow, PasskeyRepo, PasskeyRow } from './repo'

export interface PasskeyView {
  id: string
  name: string
  createdAt: Date
  lastUsedAt: Date | null
  /** synced between the user's devices (a multi-device passkey) */
  isSynced: boolean
}

const toView = (p: PasskeyRow): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
  isSynced: p.deviceType === 'multiDevice',
})

const invalid = () => new DomainError('PASSKEY_INVALID', 'The passkey could not be verified')
const expired = () =>
  new DomainError(
    'PASSKEY_CHALLENGE_EXPIRED',
    'This passkey request expired or was used; try again',
  )

const transportsOf = (p: PasskeyRow) => p.transports as AuthenticatorTransport[]

export function createPasskeyService(deps: {
  repo: PasskeyRepo
  /** the name browsers show for the site */
  rpName: string
  log?: (msg: string, err?: unknown) => void
  /** mails `passkey-added` / `-removed` to the account in the change's transaction */
  notices?: SecurityNotices
}) {
  const { repo, notices } = deps
  const timeoutMs = PASSKEY_CHALLENGE_VALID_SEC * 1000

  async function store(
    challenge: string,
    rp: RelyingParty,
    binding: ChallengeBinding,
    userHandle?: string,
  ): Promise<void> {
    await repo.addChallenge({
      challenge,
      ...(userHandle ? { userHandle } : {}),
      purpose: binding.purpose,
      ...(binding.purpose === 'sign-in'
        ? {}
        : { userId: binding.userId, sessionIdHash: binding.sessionIdHash }),
      origin: rp.origin,
      rpId: rp.rpId,
      expiresAt: new Date(Date.now() + timeoutMs),
    })
  }

  /** The challenge the browser signed, taken once; PASSKEY_CHALLENGE_EXPIRED if it cannot be. */
  async function take(clientDataJSON: string, binding: ChallengeBinding): Promise<ChallengeRow> {
    let challenge: unknown
    try {
      challenge = decodeClientDataJSON(clientDataJSON).challenge
    } catch {
      throw invalid()
    }
    if (typeof challenge !== 'string' || challenge === '' || challenge.length > 200) throw expired()
    const row = await repo.takeChallenge(challenge, binding)
    if (!row) throw expired()
    return row
  }

  /**
   * Verifies an assertion against its taken challenge and the stored passkey, then records the
   * use. The counter is compared after the signature was verified, so only a validly signed
   * answer can report a cloned passkey.
   */
  async function assert(
    response: PasskeyAssertion,
    challenge: ChallengeRow,
    passkey: PasskeyRow,
  ): Promise<void> {
    let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: challenge.origin,
        expectedRPID: challenge.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          // the counter is checked below, once the signature is known to be right
          counter: 0,
          transports: transportsOf(passkey),
        },
        requireUserVerification: true,
      })
    } catch (err) {
      deps.log?.('passkey assertion refused', err)
      throw invalid()
    }
    if (!result.verified) throw invalid()
    const stored = Number(passkey.counter)
    const { newCounter } = result.authenticationInfo
    if ((newCounter > 0 || stored > 0) && newCounter <= stored) {
      throw new DomainError('PASSKEY_COUNTER_BACKWARDS', 'This passkey may have been copied')
    }
    if (!(await repo.used(passkey.id, passkey.counter, newCounter))) {
      throw new DomainError('PASSKEY_COUNTER_BACKWARDS', 'This passkey may have been copied')
    }
  }

  async function known(response: PasskeyAssertion): Promise<PasskeyRow> {
    const passkey = await repo.byCredentialId(response.id)
    if (!passkey) throw new DomainError('PASSKEY_UNKNOWN', 'This passkey is not registered here')
    return passkey
  }

  return {
    list: async (userId: string): Promise<PasskeyView[]> => (await repo.list(userId)).map(toView),

    hasAny: async (userId: string): Promise<boolean> => (await repo.count(userId)) > 0,

    /** What the browser needs to make a passkey for the user (its others excluded). */
    async registrationOptions(input: {
      user: { id: string; email: string }
      sessionIdHash: string
      rp: RelyingParty
    }) {
      const existing = await repo.list(input.user.id)
      if (existing.length >= PASSKEYS_PER_ACCOUNT_MAX) {
        throw new DomainError('PASSKEY_LIMIT_REACHED', 'This account has all the passkeys it may', {
          max: PASSKEYS_PER_ACCOUNT_MAX,
        })
      }
      const handle =
        existing[0]?.userHandle ?? isoBase64URL.fromBuffer(new Uint8Array(randomBytes(32)))
      const options = await generateRegistrationOptions({
        rpName: deps.rpName,
        rpID: input.rp.rpId,
        userName: input.user.email,
        userDisplayName: input.user.email,
        userID: isoBase64URL.toBuffer(handle),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: transportsOf(p),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        // ES256 and RS256: what every platform authenticator makes
        supportedAlgorithmIDs: [-7, -257],
        timeout: timeoutMs,
      })
      await store(
        options.challenge,
        input.rp,
        { purpose: 'register', userId: input.user.id, sessionIdHash: input.sessionIdHash },
        handle,
      )
      return options
    },

    /** Verifies the browser's answer to the session's registration challenge; keeps the passkey. */
    async register(input: {
      userId: string
      sessionIdHash: string
      name: string
      response: PasskeyAttestation
      /** the caller's address, for the notice */
      ip?: string
    }): Promise<PasskeyView> {
      const challenge = await take(input.response.response.clientDataJSON, {
        purpose: 'register',
        userId: input.userId,
        sessionIdHash: input.sessionIdHash,
      })
      let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>
      try {
        result = await verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: challenge.challenge,
          expectedOrigin: challenge.origin,
          expectedRPID: challenge.rpId,
          requireUserVerification: true,
          supportedAlgorithmIDs: [-7, -257],
        })
      } catch (err) {
        deps.log?.('passkey registration refused', err)
        throw invalid()
      }
      if (!result.verified) throw invalid()
      const info = result.registrationInfo
      if ((await repo.count(input.userId)) >= PASSKEYS_PER_ACCOUNT_MAX) {
        throw new DomainError('PASSKEY_LIMIT_REACHED', 'This account has all the passkeys it may', {
          max: PASSKEYS_PER_ACCOUNT_MAX,
        })
      }
      // the account's handle; for its first passkey, the one its options carried
      const handle = (await repo.userHandleOf(input.userId)) ?? challenge.userHandle
      if (!handle) throw expired()
      const row = await repo.insert(
        {
          userId: input.userId,
          credentialId: info.credential.id,
          publicKey: info.credential.publicKey,
          counter: info.credential.counter,
          transports: info.credential.transports ?? input.response.response.transports ?? [],
          userHandle: handle,
          deviceType: info.credentialDeviceType,
          isBackedUp: info.credentialBackedUp,
          name: input.name,
        },
        async (trx, kept) => {
          await notices?.toAccount(trx, input.userId, 'passkey-added', {
            subject: kept.name,
            from: input.ip ?? null,
          })
        },
      )
      if (!row) {
        throw new DomainError('PASSKEY_ALREADY_REGISTERED', 'This passkey is registered already')
      }
      return toView(row)
    },

    rename: async (userId: string, id: string, name: string): Promise<void> => {
      if (!(await repo.rename(userId, id, name))) throw new DomainError('NOT_FOUND')
    },

    /** Removes one of the user's passkeys (the caller checked the password first). */
    remove: async (userId: string, id: string, ip?: string): Promise<void> => {
      const removed = await repo.remove(userId, id, async (trx, name) => {
        await notices?.toAccount(trx, userId, 'passkey-removed', {
          subject: name,
          from: ip ?? null,
        })
      })
      if (!removed) throw new DomainError('NOT_FOUND')
    },

    /** A sign-in's challenge, for any discoverable passkey of this site. */
    async signInOptions(rp: RelyingParty) {
      const options = await generateAuthenticationOptions({
        rpID: rp.rpId,
        userVerification: 'required',
        timeout: timeoutMs,
      })
      await store(options.challenge, rp, { purpose: 'sign-in' })
      return options
    },

    /** The account a sign-in's passkey answer proves; the challenge is taken once. */
    async authenticate(response: PasskeyAssertion): Promise<string> {
      const challenge = await take(response.response.clientDataJSON, { purpose: 'sign-in' })
      const passkey = await known(response)
      const handle = response.response.userHandle
      if (handle !== undefined && handle !== passkey.userHandle) {
        throw new DomainError('PASSKEY_OTHER_ACCOUNT', 'This passkey belongs to another account')
      }
      await assert(response, challenge, passkey)
      return passkey.userId
    },

    /** A step-up's challenge for the session, answered by one of the user's passkeys. */
    async stepUpOptions(input: { userId: string; sessionIdHash: string; rp: RelyingParty }) {
      const mine = await repo.list(input.userId)
      if (mine.length === 0) throw new DomainError('PASSKEY_UNKNOWN', 'No passkey is registered')
      const options = await generateAuthenticationOptions({
        rpID: input.rp.rpId,
        userVerification: 'required',
        timeout: timeoutMs,
        allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
      })
      await store(options.challenge, input.rp, {
        purpose: 'step-up',
        userId: input.userId,
        sessionIdHash: input.sessionIdHash,
      })
      return options
    },

    /**
     * The second factor of a step-up: an answer to this session's step-up challenge by one of
     * this user's passkeys.
     */
    async verifyStepUp(input: {
      userId: string
      sessionIdHash: string
      response: PasskeyAssertion
    }): Promise<void> {
      const challenge = await take(input.response.response.clientDataJSON, {
        purpose: 'step-up',
        userId: input.userId,
        sessionIdHash: input.sessionIdHash,
      })
      const passkey = await known(input.response)
      if (passkey.userId !== input.userId) {
        throw new DomainError('PASSKEY_OTHER_ACCOUNT', 'This passkey belongs to another account')
      }
      await assert(input.response, challenge, passkey)
    },
  }
}

export type PasskeyService = ReturnType<typeof createPasskeyService>

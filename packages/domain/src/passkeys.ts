/**
 * Passkeys (WebAuthn): their names and limits, and the shapes of what a browser answers to a
 * registration or a sign-in ceremony (`@simplewebauthn/browser`'s JSON), checked before the
 * server verifies them. Used to sign in and as the second factor of a payout's step-up.
 */
import { z } from 'zod'

export const PASSKEY_NAME_MAX = 64
/** How many passkeys one account may hold. */
export const PASSKEYS_PER_ACCOUNT_MAX = 10
/** How long a passkey ceremony's challenge may wait for the browser's answer. */
export const PASSKEY_CHALLENGE_VALID_SEC = 5 * 60

export const ZPasskeyName = z.string().trim().min(1).max(PASSKEY_NAME_MAX)

const b64url = z
  .string()
  .max(20_000)
  .regex(/^[A-Za-z0-9_-]*$/)

const ZTransports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(8)

/** What `startAuthentication()` answers: the assertion of a passkey. */
export const ZPasskeyAssertion = z.object({
  id: b64url.min(1).max(1_400),
  rawId: b64url.min(1).max(1_400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
})
export type PasskeyAssertion = z.infer<typeof ZPasskeyAssertion>

/** What `startRegistration()` answers: a new passkey's attestation. */
export const ZPasskeyAttestation = z.object({
  id: b64url.min(1).max(1_400),
  rawId: b64url.min(1).max(1_400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    authenticatorData: b64url.optional(),
    transports: ZTransports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
})
export type PasskeyAttestation = z.infer<typeof ZPasskeyAttestation>

export const ZPasskeyRegisterInput = z.object({
  name: ZPasskeyName,
  response: ZPasskeyAttestation,
})

export const ZPasskeyRenameInput = z.object({ id: z.uuid(), name: ZPasskeyName })

/** Removing a passkey is a security change: the password (and the code when that is on). */
export const ZPasskeyRemoveInput = z.object({
  id: z.uuid(),
  password: z.string().min(1).max(1_000),
  code: z.string().trim().max(40).optional(),
})

export const ZPasskeySignInInput = z.object({ response: ZPasskeyAssertion })

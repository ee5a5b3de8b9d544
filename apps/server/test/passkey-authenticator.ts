/**
 * A software WebAuthn authenticator for the server's tests: real P-256 (ES256) keys from
 * node:crypto, real authenticator data, client data and a CBOR attestation object ("none"
 * format, encoded with @simplewebauthn's own CBOR encoder), signed as a platform authenticator
 * signs. It answers the options the server gives, as a browser with a passkey would, and can be
 * told to misbehave (another origin, a counter that goes backwards).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'
import type { PasskeyAssertion, PasskeyAttestation } from '@app/domain'

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest())
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data))
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))

/** User present, user verified, attested credential data included. */
const UP = 0x01
const UV = 0x04
const AT = 0x40

export interface SoftPasskey {
  credentialId: Uint8Array
  privateKey: KeyObject
  rpId: string
  userHandle: string
  counter: number
}

function u32(n: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, n)
  return out
}

function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' })
  if (!jwk.x || !jwk.y) throw new Error('not an EC key')
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x)],
      [-3, isoBase64URL.toBuffer(jwk.y)],
    ]),
  )
}

function clientData(type: string, challenge: string, origin: string): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
}

export function softAuthenticator(opts: { origin: string }) {
  const passkeys: SoftPasskey[] = []

  return {
    passkeys,

    /** Makes a passkey for `navigator.credentials.create()` options. */
    create(
      options: { challenge: string; rp: { id?: string }; user: { id: string } },
      how: { origin?: string } = {},
    ): PasskeyAttestation {
      const rpId = options.rp.id ?? new URL(opts.origin).hostname
      const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const credentialId = new Uint8Array(randomBytes(16))
      const passkey = { credentialId, privateKey, rpId, userHandle: options.user.id, counter: 0 }
      passkeys.push(passkey)
      const authData = concat(
        sha256(new TextEncoder().encode(rpId)),
        new Uint8Array([UP | UV | AT]),
        u32(0),
        new Uint8Array(16), // AAGUID
        new Uint8Array([0, credentialId.length]),
        credentialId,
        coseKeyOf(publicKey),
      )
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      )
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(
            clientData('webauthn.create', options.challenge, how.origin ?? opts.origin),
          ),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      }
    },

    /**
     * Answers `navigator.credentials.get()` options with `passkey` (the first allowed one, or
     * the first made): the counter moves on by one unless `counter` says what to sign.
     */
    get(
      options: { challenge: string; rpId?: string; allowCredentials?: { id: string }[] },
      how: { passkey?: SoftPasskey; origin?: string; counter?: number } = {},
    ): PasskeyAssertion {
      const allowed = options.allowCredentials?.map((c) => c.id)
      const passkey =
        how.passkey ??
        passkeys.find((p) => !allowed?.length || allowed.includes(b64(p.credentialId)))
      if (!passkey) throw new Error('no passkey for these options')
      passkey.counter = how.counter ?? passkey.counter + 1
      const authData = concat(
        sha256(new TextEncoder().encode(options.rpId ?? passkey.rpId)),
        new Uint8Array([UP | UV]),
        u32(passkey.counter),
      )
      const client = clientData('webauthn.get', options.challenge, how.origin ?? opts.origin)
      const signature = sign('sha256', concat(authData, sha256(client)), passkey.privateKey)
      return {
        id: b64(passkey.credentialId),
        rawId: b64(passkey.credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(authData),
          signature: b64(new Uint8Array(signature)),
          userHandle: passkey.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      }
    },
  }
}

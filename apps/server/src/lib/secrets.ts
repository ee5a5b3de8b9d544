/**
 * Encryption at rest for secrets the platform must read back (exchange keys, NWC URLs,
 * macaroons): AES-256-GCM with a key derived from APP_SECRET. Tokens the platform only needs
 * to recognise (session and device credentials) are stored as SHA-256 hashes instead.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

const VERSION = 'v1'

export class SecretBox {
  readonly #key: Buffer

  constructor(appSecret: string, purpose = 'secrets-at-rest') {
    this.#key = Buffer.from(hkdfSync('sha256', appSecret, 'bitcoin-merchant', purpose, 32))
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv)
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    const tag = cipher.getAuthTag()
    return [
      VERSION,
      iv.toString('base64url'),
      body.toString('base64url'),
      tag.toString('base64url'),
    ].join('.')
  }

  decrypt(sealed: string): string {
    const [version, iv, body, tag] = sealed.split('.')
    if (version !== VERSION || !iv || body === undefined || !tag) {
      throw new Error('Unrecognised sealed secret')
    }
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
  }
}

export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

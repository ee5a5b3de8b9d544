/**
 * Encryption at rest for secrets the platform must read back (exchange keys, NWC URLs,
 * macaroons): AES-256-GCM with a key derived from APP_SECRET. Tokens the platform only needs
 * to recognise (session and device credentials) are stored as SHA-256 hashes instead.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  scrypt,
} from 'node:crypto'

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

/**
 * Sealing under a key derived from a password the platform never stores (the node password):
 * only someone who knows it can open the box again.
 */
export async function sealWithPassword(plaintext: string, password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptKey(password, salt)
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['pw1', salt, iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

/** The plaintext, or null when the password is wrong. */
export async function openWithPassword(sealed: string, password: string): Promise<string | null> {
  const [version, salt, iv, body, tag] = sealed.split('.')
  if (version !== 'pw1' || !salt || !iv || body === undefined || !tag) {
    throw new Error('Unrecognised sealed secret')
  }
  const key = await scryptKey(password, Buffer.from(salt, 'base64url'))
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return null
  }
}

function scryptKey(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      32,
      { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  )
}

/**
 * Encryption at rest for secrets the platform must read back (exchange keys, NWC URLs,
 * macaroons, ecash): AES-256-GCM with a key derived from APP_SECRET. Tokens the platform only
 * needs to recognise (session and device credentials) are stored as SHA-256 hashes instead.
 *
 * A sealed value is `v2.<key id>.<iv>.<ciphertext>.<tag>`, and its associated data is the table,
 * column and row id it is stored in: a value copied into another row or column does not open.
 * The key id names the APP_SECRET it was sealed under, so the secret can be rotated: while
 * APP_SECRET_PREVIOUS is set, values sealed under it still open, and `operator rotate-secret`
 * seals them again under APP_SECRET. Values of the first format (`v1`, no key id and no
 * associated data) still open too, and are sealed again in the new format by the same command.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  scrypt,
} from 'node:crypto'

const VERSION = 'v2'
const LEGACY_VERSION = 'v1'

/** Where a sealed value is stored: it opens only there. */
export interface SealedAt {
  table: string
  column: string
  /** the row's primary key */
  id: string
}

/** Every column holding values sealed with APP_SECRET, and where one value of it is stored. */
export const sealedAt = {
  walletConfig: (businessId: string): SealedAt => ({
    table: 'wallet_connections',
    column: 'sealed_config',
    id: businessId,
  }),
  nodeMacaroon: (businessId: string): SealedAt => ({
    table: 'lightning_nodes',
    column: 'macaroon_sealed',
    id: businessId,
  }),
  ecashProofs: (id: string): SealedAt => ({ table: 'ecash_change', column: 'proofs', id }),
  mailData: (id: string): SealedAt => ({ table: 'mail_outbox', column: 'data_sealed', id }),
  ecashMnemonic: (id: number | string): SealedAt => ({
    table: 'ecash_wallet_seed',
    column: 'mnemonic_sealed',
    id: String(id),
  }),
}

interface Key {
  id: string
  key: Buffer
}

function deriveKey(appSecret: string, purpose: string): Key {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'bitcoin-merchant', purpose, 32))
  // A public name for the key (not the key): which secret a value was sealed under.
  const id = Buffer.from(hkdfSync('sha256', appSecret, 'bitcoin-merchant', `${purpose}/key-id`, 6))
  return { key, id: id.toString('base64url') }
}

function associatedData(at: SealedAt): Buffer {
  return Buffer.from(JSON.stringify([at.table, at.column, at.id]), 'utf8')
}

function decipher(key: Buffer, iv: string, body: string, tag: string, aad?: Buffer): string {
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  if (aad) d.setAAD(aad)
  d.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8')
}

export class SealedValueError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SealedValueError'
  }
}

export class SecretBox {
  readonly #current: Key
  readonly #previous: Key | null

  /** `previousSecret`: the APP_SECRET being rotated away from, still read meanwhile. */
  constructor(appSecret: string, previousSecret?: string | null, purpose = 'secrets-at-rest') {
    this.#current = deriveKey(appSecret, purpose)
    this.#previous = previousSecret ? deriveKey(previousSecret, purpose) : null
  }

  /** The id of the key values are sealed under now. */
  get keyId(): string {
    return this.#current.id
  }

  seal(plaintext: string, at: SealedAt): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.#current.key, iv)
    cipher.setAAD(associatedData(at))
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    const tag = cipher.getAuthTag()
    return [VERSION, this.#current.id, iv, body, tag]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.')
  }

  /** The plaintext; throws SealedValueError when the value was not sealed here with a known key. */
  open(sealed: string, at: SealedAt): string {
    const parts = sealed.split('.')
    try {
      if (parts[0] === VERSION && parts.length === 5) {
        const [, keyId, iv = '', body = '', tag = ''] = parts
        const key = [this.#current, this.#previous].find((k) => k?.id === keyId)
        if (!key) throw new SealedValueError(`Sealed under an unknown key (${keyId ?? ''})`)
        return decipher(key.key, iv, body, tag, associatedData(at))
      }
      if (parts[0] === LEGACY_VERSION && parts.length === 4) {
        const [, iv = '', body = '', tag = ''] = parts
        for (const key of [this.#current, this.#previous]) {
          if (!key) continue
          try {
            return decipher(key.key, iv, body, tag)
          } catch {
            // the other key, if any
          }
        }
        throw new SealedValueError('Sealed under an unknown key')
      }
    } catch (err) {
      if (err instanceof SealedValueError) throw err
      throw new SealedValueError(`Sealed value does not open at ${at.table}.${at.column}`)
    }
    throw new SealedValueError('Unrecognised sealed secret')
  }

  /** Whether the value should be sealed again: an older format or another key. */
  isStale(sealed: string): boolean {
    const [version, keyId] = sealed.split('.')
    return version !== VERSION || keyId !== this.#current.id
  }

  /** Opens a value wherever it is and seals it again under the current key, in the new format. */
  reseal(sealed: string, at: SealedAt): string {
    return this.seal(this.open(sealed, at), at)
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

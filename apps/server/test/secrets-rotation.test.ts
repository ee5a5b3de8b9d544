/**
 * Sealed values are bound to their table, column and row, carry the id of the key they were
 * sealed under, and survive a rotation of APP_SECRET: values of a database that already holds
 * data (sealed in the first format) keep opening, and `operator rotate-secret` seals everything
 * again under the new secret.
 */
import { spawn } from 'node:child_process'
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Migrator } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '../src/db/database'
import { migrations } from '../src/db/migrations'
import { createSealedValuesRepo } from '../src/db/sealed-values-repo'
import { resealAll } from '../src/lib/secret-rotation'
import { sealedAt, SealedValueError, SecretBox } from '../src/lib/secrets'
import { createConnectionRepo } from '../src/wallets/connection-repo'
import { createTestDatabase } from './harness'

const OLD = randomBytes(32).toString('base64')
const NEW = randomBytes(32).toString('base64')
const NEWER = randomBytes(32).toString('base64')

/** A value sealed as the first format did: AES-256-GCM, no key id, no associated data. */
function legacySeal(secret: string, plaintext: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'bitcoin-merchant', 'secrets-at-rest', 32))
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv, body, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

describe('a sealed value', () => {
  const at = sealedAt.walletConfig('7b0d6c1e-0000-4000-8000-000000000001')

  it('opens only in the table, column and row it was sealed for', () => {
    const box = new SecretBox(NEW)
    const sealed = box.seal('exchange secret', at)
    expect(sealed.split('.')).toHaveLength(5)
    expect(sealed.startsWith(`v2.${box.keyId}.`)).toBe(true)
    expect(sealed).not.toContain('exchange')
    expect(box.open(sealed, at)).toBe('exchange secret')
    for (const elsewhere of [
      { ...at, id: '7b0d6c1e-0000-4000-8000-000000000002' },
      { ...at, column: 'public_info' },
      { ...at, table: 'lightning_nodes' },
    ]) {
      expect(() => box.open(sealed, elsewhere)).toThrow(SealedValueError)
    }
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'AB' : 'AA')
    expect(() => box.open(tampered, at)).toThrow(SealedValueError)
  })

  it('opens under the previous secret while it is given, and not after', () => {
    const old = new SecretBox(OLD)
    const sealed = old.seal('macaroon', at)
    const rotating = new SecretBox(NEW, OLD)
    expect(rotating.keyId).not.toBe(old.keyId)
    expect(rotating.open(sealed, at)).toBe('macaroon')
    expect(rotating.isStale(sealed)).toBe(true)
    const again = rotating.reseal(sealed, at)
    expect(rotating.isStale(again)).toBe(false)
    expect(new SecretBox(NEW).open(again, at)).toBe('macaroon')
    expect(() => new SecretBox(NEW).open(sealed, at)).toThrow(/unknown key/)
  })

  it('of the first format still opens, under the current or the previous secret', () => {
    const legacy = legacySeal(OLD, 'words')
    expect(new SecretBox(OLD).open(legacy, at)).toBe('words')
    expect(new SecretBox(NEW, OLD).open(legacy, at)).toBe('words')
    expect(new SecretBox(OLD).isStale(legacy)).toBe(true)
    expect(() => new SecretBox(NEW).open(legacy, at)).toThrow(SealedValueError)
  })
})

const staffPinKeyAt = { table: 'staff_pin_key', column: 'key_sealed', id: '1' }

describe('rotating APP_SECRET on a database holding data', () => {
  let database: DatabaseHandle
  let url = ''
  const businesses: string[] = []
  const exchange = { baseUrl: 'https://api.kraken.com', apiKey: 'key-1', secret: 'c2VjcmV0' }

  beforeAll(async () => {
    url = await createTestDatabase('empty')
    database = connectDatabase(url, 3)
    const { db } = database
    const names = Object.keys(migrations).sort()
    const before = names[names.indexOf('0015-exchange-nonces-and-cleanup') - 1]
    const result = await new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    }).migrateTo(before!)
    expect(result.error).toBeUndefined()

    // Written as the code before this change wrote them: first-format values under OLD.
    const { id: userId } = await db
      .insertInto('users')
      .values({ email: 'owner@rotate.example', passwordHash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const name of ['Exchange shop', 'Node shop']) {
      const { id } = await db
        .insertInto('businesses')
        .values({ name, onboardingStep: 'completed', createdBy: userId })
        .returning('id')
        .executeTakeFirstOrThrow()
      businesses.push(id)
    }
    await db
      .insertInto('walletConnections')
      .values({
        businessId: businesses[0]!,
        kind: 'exchange',
        sealedConfig: legacySeal(OLD, JSON.stringify(exchange)),
        publicInfo: '{}',
      })
      .execute()
    await db
      .insertInto('lightningNodes')
      .values({
        businessId: businesses[1]!,
        hostKind: 'simnet',
        hostNodeId: 'node-1',
        macaroonSealed: legacySeal(OLD, 'abcdef0123'),
      })
      .execute()
    await db
      .insertInto('ecashWalletSeed')
      .values({ mnemonicSealed: legacySeal(OLD, 'abandon ability able') })
      .execute()
    await database.pool.query(
      `INSERT INTO rate_limits (key, points, expire) VALUES ('signin:1', 3, $1), ('signup:2', 1, NULL)`,
      [Date.now() + 60_000],
    )
    await migrateToLatest(db)
    // The staff PINs' lookup key, as the staff service stores it on first use (0019).
    await db
      .insertInto('staffPinKey')
      .values({ id: 1, keySealed: new SecretBox(OLD).seal('pin lookup key', staffPinKeyAt) })
      .execute()
  })
  afterAll(() => database.close())

  const values = async () => ({
    config: (
      await database.db
        .selectFrom('walletConnections')
        .select('sealedConfig')
        .where('businessId', '=', businesses[0]!)
        .executeTakeFirstOrThrow()
    ).sealedConfig,
    macaroon: (
      await database.db
        .selectFrom('lightningNodes')
        .select('macaroonSealed')
        .where('businessId', '=', businesses[1]!)
        .executeTakeFirstOrThrow()
    ).macaroonSealed,
    mnemonic: (
      await database.db
        .selectFrom('ecashWalletSeed')
        .select('mnemonicSealed')
        .executeTakeFirstOrThrow()
    ).mnemonicSealed,
  })

  it('keeps reading the existing values and rows after the upgrade', async () => {
    const { rows } = await database.pool.query<{ key: string }>(
      'SELECT key FROM rate_limits ORDER BY key',
    )
    expect(rows.map((r) => r.key)).toEqual(['signin:1', 'signup:2'])
    const found = await createConnectionRepo(database.db, new SecretBox(OLD)).find(businesses[0]!)
    expect(found?.config).toEqual(exchange)
  })

  it('seals every value again under the new secret, bound to its row', async () => {
    const rotating = new SecretBox(NEW, OLD)
    expect(
      (await createConnectionRepo(database.db, rotating).find(businesses[0]!))?.config,
    ).toEqual(exchange)
    const report = await resealAll(createSealedValuesRepo(database.db), rotating)
    expect(report.columns['wallet_connections.sealed_config']).toEqual({
      resealed: 1,
      unchanged: 0,
    })
    expect(report.columns['lightning_nodes.macaroon_sealed']).toEqual({ resealed: 1, unchanged: 0 })
    expect(report.columns['ecash_wallet_seed.mnemonic_sealed']).toEqual({
      resealed: 1,
      unchanged: 0,
    })

    expect(report.columns['staff_pin_key.key_sealed']).toEqual({ resealed: 1, unchanged: 0 })

    const now = new SecretBox(NEW)
    const pinKey = await database.db
      .selectFrom('staffPinKey')
      .select('keySealed')
      .executeTakeFirstOrThrow()
    // The same key under the new secret: every PIN still finds its staff member.
    expect(now.open(pinKey.keySealed, staffPinKeyAt)).toBe('pin lookup key')
    const v = await values()
    for (const sealed of [v.config, v.macaroon, v.mnemonic]) {
      expect(sealed?.startsWith(`v2.${now.keyId}.`)).toBe(true)
    }
    expect((await createConnectionRepo(database.db, now).find(businesses[0]!))?.config).toEqual(
      exchange,
    )
    expect(now.open(v.macaroon!, sealedAt.nodeMacaroon(businesses[1]!))).toBe('abcdef0123')
    expect(now.open(v.mnemonic, sealedAt.ecashMnemonic(1))).toBe('abandon ability able')
    await expect(
      createConnectionRepo(database.db, new SecretBox(OLD)).find(businesses[0]!),
    ).rejects.toThrow(SealedValueError)

    // A second run finds nothing to do.
    const again = await resealAll(createSealedValuesRepo(database.db), rotating)
    expect(again.columns['wallet_connections.sealed_config']).toEqual({ resealed: 0, unchanged: 1 })

    // Copied into another business's row, the value does not open there.
    await database.db
      .insertInto('walletConnections')
      .values({
        businessId: businesses[1]!,
        kind: 'exchange',
        sealedConfig: v.config,
        publicInfo: '{}',
      })
      .execute()
    await expect(createConnectionRepo(database.db, now).find(businesses[1]!)).rejects.toThrow(
      SealedValueError,
    )
    await database.db
      .deleteFrom('walletConnections')
      .where('businessId', '=', businesses[1]!)
      .execute()
  })

  it('is what `npm run operator -- rotate-secret` does', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/operator.ts', 'rotate-secret'],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: url,
          APP_SECRET: NEWER,
          APP_SECRET_PREVIOUS: NEW,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code, output).toBe(0)
    const newer = new SecretBox(NEWER)
    expect(output).toContain('wallet_connections.sealed_config: 1 sealed again')
    expect(output).toContain(newer.keyId)
    const v = await values()
    for (const sealed of [v.config, v.macaroon, v.mnemonic]) {
      expect(sealed?.startsWith(`v2.${newer.keyId}.`)).toBe(true)
    }
    expect((await createConnectionRepo(database.db, newer).find(businesses[0]!))?.config).toEqual(
      exchange,
    )
  })
})

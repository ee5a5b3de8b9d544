/**
 * Migration 0035 (selling online) upgrades a database holding businesses and payments: what was
 * there stays as it was, the new tables start empty and take an API key, a link, an invoice of a
 * payment already there, a webhook and its delivery; a business's rows go with it, and an
 * invoice outlives its payment's row only as a record.
 */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migratedTo, seedOwner } from './migration-support'

describe('the selling-online migration', () => {
  it('adds empty tables to a database holding businesses and payments', async () => {
    const upgrade = await migratedTo('0034-known-browsers')
    const { db } = upgrade
    const ann = await seedOwner(db, 'ann@selling-online-migration.example')
    const businessId = await ann.addBusiness({ name: 'Old Shop', currency: 'EUR' })
    const other = await ann.addBusiness({ name: 'Other Shop', currency: 'GBP' })
    const [payment] = (
      await sql<{ id: string }>`INSERT INTO payments
        (business_id, method, amount_sat, received_sat, fee_sat, currency)
        VALUES (${businessId}, 'lightning', 1000, 0, 0, 'EUR') RETURNING id`.execute(db)
    ).rows
    const snapshot = async () => ({
      businesses: (await sql`SELECT * FROM businesses ORDER BY name`.execute(db)).rows,
      payments: (await sql`SELECT * FROM payments`.execute(db)).rows,
    })
    const before = await snapshot()

    await upgrade.migrateToLatest()

    expect(await snapshot()).toEqual(before)
    for (const table of [
      'api_keys',
      'payment_links',
      'invoices',
      'business_webhooks',
      'invoice_webhook_deliveries',
    ]) {
      expect((await sql.raw(`SELECT count(*)::int AS n FROM ${table}`).execute(db)).rows).toEqual([
        { n: 0 },
      ])
    }

    const [key] = (
      await sql<{
        id: string
      }>`INSERT INTO api_keys (business_id, name, shown_prefix, key_hash, scopes)
        VALUES (${businessId}, 'Shop', 'sk_abcdefgh', 'hash-1', '{invoices:create}') RETURNING id`.execute(
        db,
      )
    ).rows
    await sql`INSERT INTO payment_links (id, business_id, name, amount, currency, max_uses)
      VALUES ('link-0000001', ${businessId}, 'Gift', 5000, 'SAT', 1)`.execute(db)
    await expect(
      sql`UPDATE payment_links SET uses = 2 WHERE id = 'link-0000001'`.execute(db),
    ).rejects.toThrow(/payment_links_uses_within/)
    const [invoice] = (
      await sql<{ id: string; status: string; metadata: unknown }>`INSERT INTO invoices
        (business_id, payment_id, payment_link_id, api_key_id, amount, currency, amount_sat,
         expires_at, idempotency_key)
        VALUES (${businessId}, ${payment!.id}, 'link-0000001', ${key!.id}, 5000, 'SAT', 5000,
          now() + interval '15 minutes', 'k-1')
        RETURNING id, status, metadata`.execute(db)
    ).rows
    expect(invoice).toMatchObject({ status: 'new', metadata: {} })
    await expect(
      sql`INSERT INTO invoices (business_id, amount, currency, amount_sat, expires_at, idempotency_key)
        VALUES (${businessId}, 1, 'SAT', 1, now(), 'k-1')`.execute(db),
    ).rejects.toThrow(/invoices_idempotency/)
    // the same key in another business is another invoice
    await sql`INSERT INTO invoices (business_id, amount, currency, amount_sat, expires_at, idempotency_key)
      VALUES (${other}, 1, 'SAT', 1, now(), 'k-1')`.execute(db)
    const [hook] = (
      await sql<{
        id: string
      }>`INSERT INTO business_webhooks (business_id, url, secret_sealed, events)
        VALUES (${businessId}, 'https://shop.example/hook', 'sealed', '{invoice.settled}') RETURNING id`.execute(
        db,
      )
    ).rows
    await sql`INSERT INTO invoice_webhook_deliveries (webhook_id, business_id, invoice_id, event, payload)
      VALUES (${hook!.id}, ${businessId}, ${invoice!.id}, 'invoice.settled', '{}')`.execute(db)
    await expect(
      sql`INSERT INTO invoice_webhook_deliveries (webhook_id, business_id, invoice_id, event, payload)
        VALUES (${hook!.id}, ${businessId}, ${invoice!.id}, 'invoice.settled', '{}')`.execute(db),
    ).rejects.toThrow(/invoice_webhook_deliveries_once/)

    // a payment's row gone leaves the invoice as a record; a business gone takes its rows
    await sql`DELETE FROM payments WHERE id = ${payment!.id}`.execute(db)
    expect(
      (await sql`SELECT payment_id FROM invoices WHERE id = ${invoice!.id}`.execute(db)).rows,
    ).toEqual([{ paymentId: null }])
    await sql`DELETE FROM businesses WHERE id = ${businessId}`.execute(db)
    for (const table of [
      'api_keys',
      'payment_links',
      'business_webhooks',
      'invoice_webhook_deliveries',
    ]) {
      expect((await sql.raw(`SELECT count(*)::int AS n FROM ${table}`).execute(db)).rows).toEqual([
        { n: 0 },
      ])
    }
    expect((await sql`SELECT business_id FROM invoices`.execute(db)).rows).toEqual([
      { businessId: other },
    ])
  })
})

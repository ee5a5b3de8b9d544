import type { Kysely } from 'kysely'

/**
 * The application sections holding personal data (company addresses, the director's date of
 * birth and address, the IBAN) are stored sealed with APP_SECRET. A migration cannot seal (it
 * has no APP_SECRET), so each gets a text column beside its plain one: applications already
 * stored stay readable from the plain column until the server's start seals them and clears it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('business_applications')
    .addColumn('company_sealed', 'text')
    .addColumn('director_sealed', 'text')
    .addColumn('financial_sealed', 'text')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('business_applications')
    .dropColumn('company_sealed')
    .dropColumn('director_sealed')
    .dropColumn('financial_sealed')
    .execute()
}

/** The operator's address denylist and the audit of every screening decision. */
import type { Db } from '../../db/database'

export interface ScreeningDecision {
  businessId: string | null
  userId: string | null
  address: string
  stage: 'quote' | 'send'
  list: 'denylist' | 'provider'
  outcome: 'allowed' | 'denied' | 'flagged' | 'unavailable'
  detail: string
}

/**
 * The form an address is kept and compared in: bech32 addresses, Lightning addresses, hosts and
 * hex keys are case-insensitive (lower case); base58 addresses are kept as given.
 */
function canonicalTarget(text: string): string {
  const t = text.trim()
  const isBase58 = /^[1-9A-HJ-NP-Za-km-z]{25,40}$/.test(t) && !/^[0-9a-f]+$/i.test(t)
  return isBase58 && !/^(bc|tb|bcrt)1/i.test(t) ? t : t.toLowerCase()
}

export function createScreeningRepo(db: Db) {
  return {
    async denied(address: string): Promise<{ reason: string } | null> {
      const row = await db
        .selectFrom('addressDenylist')
        .select('reason')
        .where('address', '=', canonicalTarget(address))
        .executeTakeFirst()
      return row ?? null
    },

    async deny(address: string, reason: string, addedBy: string): Promise<void> {
      await db
        .insertInto('addressDenylist')
        .values({ address: canonicalTarget(address), reason, addedBy })
        .onConflict((oc) => oc.column('address').doUpdateSet({ reason, addedBy }))
        .execute()
    },

    /** Whether the address was on the list. */
    async allow(address: string): Promise<boolean> {
      const r = await db
        .deleteFrom('addressDenylist')
        .where('address', '=', canonicalTarget(address))
        .executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },

    list() {
      return db
        .selectFrom('addressDenylist')
        .select(['address', 'reason', 'addedBy', 'createdAt'])
        .orderBy('createdAt', 'desc')
        .execute()
    },

    async record(d: ScreeningDecision): Promise<void> {
      await db.insertInto('screeningDecisions').values(d).execute()
    },

    decisions(address: string) {
      return db
        .selectFrom('screeningDecisions')
        .selectAll()
        .where('address', '=', address)
        .orderBy('id', 'asc')
        .execute()
    },
  }
}

export type ScreeningRepo = ReturnType<typeof createScreeningRepo>

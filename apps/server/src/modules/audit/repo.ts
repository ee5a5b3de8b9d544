/**
 * The audit log's queries: `recordAudit` writes one event inside the transaction of the act it
 * records (so a failed act leaves none), and the log is read newest first by keyset. Rows are
 * never changed or deleted (the table's trigger refuses it).
 */
import type { AuditAction, AuditActorKind, AuditDetails, AuditFilter } from '@app/domain'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Db } from '../../db/database'
import type { AuditEventsTable, Database } from '../../db/schema'

/** Who acted, with the name they had then. */
export interface AuditActor {
  kind: AuditActorKind
  id: string | null
  name: string
}

/** Where the act came from: the caller's address and user agent (absent for jobs). */
export interface AuditOrigin {
  ip: string | null
  userAgent: string | null
}

/** Who acted and from where: what a procedure hands its service for the log. */
export interface AuditBy {
  actor: AuditActor
  origin: AuditOrigin
}

export interface AuditEvent {
  businessId: string
  by: AuditBy
  action: AuditAction
  /** what was acted on: a device, a staff member, a withdrawal... */
  subject?: { kind: string; id: string | null; name?: string | null }
  /** flat values, never a secret (no PIN, credential, key or password) */
  details?: AuditDetails
}

export type AuditRow = Selectable<AuditEventsTable>

const clip = (s: string | null | undefined, max: number) =>
  s === null || s === undefined ? null : s.slice(0, max)

/** Writes the event with `trx`: call it in the transaction of the change it records. */
export async function recordAudit(trx: Kysely<Database>, e: AuditEvent): Promise<void> {
  await trx
    .insertInto('auditEvents')
    .values({
      businessId: e.businessId,
      actorKind: e.by.actor.kind,
      actorId: e.by.actor.id,
      actorName: e.by.actor.name.slice(0, 320),
      action: e.action,
      subjectKind: e.subject?.kind ?? null,
      subjectId: clip(e.subject?.id, 128),
      subjectName: clip(e.subject?.name, 500),
      details: JSON.stringify(e.details ?? {}),
      ip: clip(e.by.origin.ip, 64),
      userAgent: clip(e.by.origin.userAgent, 500),
    })
    .execute()
}

/** Runs `write` and records its event in one transaction (or in the caller's, if it is one). */
export async function withAudit<T>(
  db: Kysely<Database>,
  write: (trx: Kysely<Database>) => Promise<T>,
  eventOf: (result: T) => AuditEvent | null,
): Promise<T> {
  const run = async (trx: Kysely<Database>) => {
    const result = await write(trx)
    const event = eventOf(result)
    if (event) await recordAudit(trx, event)
    return result
  }
  return db.isTransaction ? run(db) : db.transaction().execute(run)
}

/** A position in the log, newest first: the event's time (to the microsecond) and id. */
export interface AuditPosition {
  at: string
  id: string
}

export function createAuditRepo(db: Db) {
  return {
    /** An act made outside the database (on the business's node), once it succeeded. */
    record: (e: AuditEvent) => recordAudit(db, e),

    /** Events of the business matching the filter, newest first, after `after`. */
    async list(
      businessId: string,
      filter: AuditFilter,
      after: AuditPosition | null,
      limit: number,
    ): Promise<(AuditRow & { position: string })[]> {
      let q = db
        .selectFrom('auditEvents')
        .selectAll()
        .select(
          sql<string>`to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
            'position',
          ),
        )
        .where('businessId', '=', businessId)
      if (filter.from) q = q.where('at', '>=', filter.from)
      if (filter.to) q = q.where('at', '<', filter.to)
      if (filter.actorKind) q = q.where('actorKind', '=', filter.actorKind)
      if (filter.actorId) q = q.where('actorId', '=', filter.actorId)
      if (filter.action) q = q.where('action', '=', filter.action)
      else if (filter.group) q = q.where(sql<string>`split_part(action, '.', 1)`, '=', filter.group)
      if (after) {
        q = q.where(sql<boolean>`(at, id) < (${after.at}::timestamptz, ${after.id}::uuid)`)
      }
      return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute()
    },

    /** Who appears in the business's log: each actor once, with the latest name they had. */
    actors(businessId: string): Promise<{ kind: AuditActorKind; id: string; name: string }[]> {
      return db
        .selectFrom('auditEvents')
        .select(['actorKind as kind', 'actorId as id', 'actorName as name'])
        .distinctOn(['actorKind', 'actorId'])
        .where('businessId', '=', businessId)
        .where('actorId', 'is not', null)
        .orderBy('actorKind')
        .orderBy('actorId')
        .orderBy('at', 'desc')
        .execute() as Promise<{ kind: AuditActorKind; id: string; name: string }[]>
    },
  }
}

export type AuditRepo = ReturnType<typeof createAuditRepo>

/**
 * Reading a business's audit log: pages newest first by an opaque keyset cursor (as the
 * transactions list pages), the actors to filter by, and every matching event for the CSV.
 */
import type { AuditAction, AuditActorKind, AuditDetails, AuditFilter } from '@app/domain'
import { z } from 'zod'
import { DomainError } from '../../lib/errors'
import type { AuditEvent, AuditPosition, AuditRepo, AuditRow } from './repo'

export interface AuditItem {
  id: string
  at: Date
  actorKind: AuditActorKind
  actorId: string | null
  actorName: string
  action: AuditAction
  subjectKind: string | null
  subjectId: string | null
  subjectName: string | null
  details: AuditDetails
  ip: string | null
  userAgent: string | null
}

const EXPORT_PAGE = 500

const ZPosition = z.tuple([
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  z.uuid(),
])

const encodeCursor = (p: AuditPosition) =>
  Buffer.from(JSON.stringify([p.at, p.id])).toString('base64url')

/** The position a cursor stands for; anything not made by `encodeCursor` is refused. */
function decodeCursor(cursor: string): AuditPosition {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    parsed = undefined
  }
  const position = ZPosition.safeParse(parsed)
  if (!position.success) throw new DomainError('VALIDATION', 'Malformed cursor')
  const [at, id] = position.data
  return { at, id }
}

const itemOf = ({ position: _, businessId: __, ...row }: AuditRow & { position: string }) =>
  ({
    ...row,
    action: row.action as AuditAction,
    details: row.details as AuditDetails,
  }) satisfies AuditItem

export function createAuditService(repo: AuditRepo) {
  async function page(
    businessId: string,
    filter: AuditFilter,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: AuditItem[]; nextCursor: string | null }> {
    const after = cursor === undefined ? null : decodeCursor(cursor)
    // One more than asked tells whether another page exists without counting.
    const rows = await repo.list(businessId, filter, after, limit + 1)
    const shown = rows.slice(0, limit)
    const last = shown.at(-1)
    const nextCursor =
      rows.length > limit && last ? encodeCursor({ at: last.position, id: last.id }) : null
    return { items: shown.map(itemOf), nextCursor }
  }

  return {
    /**
     * Records an act that happened outside the database (the node unlocked, updated, its backup
     * handed out), once it succeeded: there is no transaction of the act to share.
     */
    record: (event: AuditEvent) => repo.record(event),

    list: (businessId: string, input: AuditFilter & { cursor?: string; limit: number }) =>
      page(businessId, input, input.cursor, input.limit),

    /** Everyone who appears in the log, to filter by. */
    actors: (businessId: string) => repo.actors(businessId),

    /** Every matching event, newest first, a page at a time. */
    async *export(businessId: string, filter: AuditFilter): AsyncGenerator<AuditItem> {
      let cursor: string | undefined
      do {
        const result = await page(businessId, filter, cursor, EXPORT_PAGE)
        yield* result.items
        cursor = result.nextCursor ?? undefined
      } while (cursor)
    },
  }
}

export type AuditService = ReturnType<typeof createAuditService>

/**
 * `GET /api/businesses/:businessId/audit-log.csv`: every event matching the same filters as
 * `auditLog.list`, streamed as CSV, for a member whose role may read the log (the domain's
 * `auditLog.read`); the rules of every business export (`lib/csv-export.ts`).
 */
import { ZAuditFilter, type AuditFilter } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { registerCsvExport, ZQueryDate } from '../../lib/csv-export'
import type { Services } from '../../services'
import { auditCsvHeader, auditCsvLine, CSV_BOM } from './csv'

const ZQueryText = z
  .string()
  .max(64)
  .optional()
  .transform((s) => s || undefined)

const ZCsvQuery = z.object({
  from: ZQueryDate,
  to: ZQueryDate,
  actorKind: ZQueryText,
  actorId: ZQueryText,
  group: ZQueryText,
  action: ZQueryText,
})

function parseFilter(query: unknown): AuditFilter | undefined {
  const raw = ZCsvQuery.safeParse(query)
  if (!raw.success) return undefined
  const filter = ZAuditFilter.safeParse(raw.data)
  return filter.success ? filter.data : undefined
}

export function registerAuditRoutes(app: FastifyInstance, services: Services): void {
  registerCsvExport(app, services, {
    name: 'audit-log',
    permission: 'auditLog.read',
    filter: parseFilter,
    rows: (businessId, filter) => services.auditLog.export(businessId, filter),
    head: CSV_BOM + auditCsvHeader(),
    line: auditCsvLine,
  })
}

/**
 * `GET /api/businesses/:businessId/audit-log.csv`: every event matching the same filters as
 * `auditLog.list`, streamed as CSV; the transactions export's rules (the session cookie signs
 * in, 401 without one; a non-member gets 404, as for a business that does not exist; a member
 * whose role may not read the log (the domain's `auditLog.read`) gets 403).
 */
import { ZAuditFilter, type AuditFilter } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import { Readable } from 'node:stream'
import { z } from 'zod'
import { DomainError } from '../../lib/errors'
import type { Services } from '../../services'
import { SESSION_COOKIE } from '../../trpc/context'
import { auditCsvHeader, auditCsvLine, CSV_BOM } from './csv'
import type { AuditItem } from './service'

const CHUNK_LINES = 500

const ZQueryDate = z
  .string()
  .max(64)
  .optional()
  .transform((s) => (s ? new Date(s) : undefined))
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

async function* csvChunks(rows: AsyncIterable<AuditItem>): AsyncGenerator<string> {
  let chunk = CSV_BOM + auditCsvHeader()
  let lines = 0
  for await (const row of rows) {
    chunk += auditCsvLine(row)
    lines += 1
    if (lines === CHUNK_LINES) {
      yield chunk
      chunk = ''
      lines = 0
    }
  }
  if (chunk) yield chunk
}

export function registerAuditRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { businessId: string } }>(
    '/api/businesses/:businessId/audit-log.csv',
    async (req, reply) => {
      const user = await services.auth.resolveSession(req.cookies[SESSION_COOKIE])
      if (!user) return reply.status(401).send({ error: 'Sign in to continue' })
      try {
        await services.businesses.requireMember(req.params.businessId, user.id, 'auditLog.read')
      } catch (err) {
        if (err instanceof DomainError && err.code === 'NOT_FOUND') {
          return reply.status(404).send({ error: 'Business not found' })
        }
        if (err instanceof DomainError && err.code === 'ROLE_NOT_ALLOWED') {
          return reply.status(403).send({ error: err.message, code: err.code })
        }
        throw err
      }
      const filter = parseFilter(req.query)
      if (!filter) return reply.status(400).send({ error: 'Invalid input', code: 'VALIDATION' })

      const day = new Date().toISOString().slice(0, 10)
      const rows = services.auditLog.export(req.params.businessId, filter)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csvChunks(rows)))
    },
  )
}

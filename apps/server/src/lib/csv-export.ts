/**
 * A business's CSV download (`GET /api/businesses/:businessId/<name>.csv`): a plain route (a
 * download link, not an RPC) with the RPCs' rules. The session cookie signs in (401 without
 * one); membership is required (404 otherwise, as for a business that does not exist) in a role
 * with the export's permission (403). The query is the list's filter (400 when it is not one).
 * Rows are streamed, a chunk of lines at a time, so an export of any size holds little memory.
 */
import type { Permission } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import { Readable } from 'node:stream'
import { z } from 'zod'
import type { Services } from '../services'
import { SESSION_COOKIE } from '../trpc/context'
import { DomainError } from './errors'

/** Lines written to the response at once. */
const CHUNK_LINES = 500

/** A date as ISO text; anything else (or an impossible date) fails as the filter's date does. */
export const ZQueryDate = z
  .string()
  .max(64)
  .optional()
  .transform((s) => (s ? new Date(s) : undefined))

export interface CsvExport<TFilter, TRow> {
  /** the file's name before its date: `transactions` gives `transactions-2026-11-28.csv` */
  name: string
  permission: Permission
  /** the query as the list's filter, or undefined when it is not one */
  filter: (query: unknown) => TFilter | undefined
  rows: (businessId: string, filter: TFilter) => AsyncIterable<TRow>
  /** what the file starts with: the byte-order mark and the header line */
  head: string
  line: (row: TRow) => string
}

async function* chunks<TRow>(
  head: string,
  rows: AsyncIterable<TRow>,
  line: (row: TRow) => string,
): AsyncGenerator<string> {
  let chunk = head
  let lines = 0
  for await (const row of rows) {
    chunk += line(row)
    lines += 1
    if (lines === CHUNK_LINES) {
      yield chunk
      chunk = ''
      lines = 0
    }
  }
  if (chunk) yield chunk
}

export function registerCsvExport<TFilter, TRow>(
  app: FastifyInstance,
  services: Services,
  csv: CsvExport<TFilter, TRow>,
): void {
  app.get<{ Params: { businessId: string } }>(
    `/api/businesses/:businessId/${csv.name}.csv`,
    async (req, reply) => {
      const user = await services.auth.resolveSession(req.cookies[SESSION_COOKIE])
      if (!user) return reply.status(401).send({ error: 'Sign in to continue' })
      try {
        await services.businesses.requireMember(req.params.businessId, user.id, csv.permission)
      } catch (err) {
        if (err instanceof DomainError && err.code === 'NOT_FOUND') {
          return reply.status(404).send({ error: 'Business not found' })
        }
        if (err instanceof DomainError && err.code === 'ROLE_NOT_ALLOWED') {
          return reply.status(403).send({ error: err.message, code: err.code })
        }
        throw err
      }
      const filter = csv.filter(req.query)
      if (!filter) return reply.status(400).send({ error: 'Invalid input', code: 'VALIDATION' })

      const day = new Date().toISOString().slice(0, 10)
      const rows = csv.rows(req.params.businessId, filter)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.name}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks(csv.head, rows, csv.line)))
    },
  )
}

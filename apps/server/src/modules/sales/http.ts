/**
 * `GET /api/businesses/:businessId/transactions.csv`: every transaction matching the same
 * filters as `sales.transactions`, streamed as CSV. A plain route (a download link, not an RPC)
 * with the same rules: the session cookie signs in (401 without one), membership is required
 * (404 otherwise, as for a business that does not exist) in a role that may export (403).
 */
import type { FastifyInstance } from 'fastify'
import { Readable } from 'node:stream'
import { z } from 'zod'
import { DomainError } from '../../lib/errors'
import type { Services } from '../../services'
import { SESSION_COOKIE } from '../../trpc/context'
import { CSV_BOM, CSV_HEADER, csvLine, transactionCsvLine } from './csv'
import { ZTransactionFilter, type TransactionFilter } from './schemas'
import type { TransactionItem } from './service'

/** Lines written to the response at once. */
const CHUNK_LINES = 500

/** `?status=a&status=b` and `?status=a,b` both give ['a', 'b']. */
const ZQueryList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s !== ''),
  )

/** A date as ISO text; anything else (or an impossible date) fails as the filter's date does. */
const ZQueryDate = z
  .string()
  .max(64)
  .optional()
  .transform((s) => (s ? new Date(s) : undefined))

const ZCsvQuery = z.object({
  status: ZQueryList,
  method: ZQueryList,
  from: ZQueryDate,
  to: ZQueryDate,
  search: z.string().max(1000).optional(),
  deviceId: z.string().max(64).optional(),
  staffId: z.string().max(64).optional(),
})

function parseFilter(query: unknown): TransactionFilter | undefined {
  const raw = ZCsvQuery.safeParse(query)
  if (!raw.success) return undefined
  const filter = ZTransactionFilter.safeParse(raw.data)
  return filter.success ? filter.data : undefined
}

async function* csvChunks(rows: AsyncIterable<TransactionItem>): AsyncGenerator<string> {
  let chunk = CSV_BOM + csvLine(CSV_HEADER)
  let lines = 0
  for await (const row of rows) {
    chunk += transactionCsvLine(row)
    lines += 1
    if (lines === CHUNK_LINES) {
      yield chunk
      chunk = ''
      lines = 0
    }
  }
  if (chunk) yield chunk
}

export function registerSalesRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: { businessId: string } }>(
    '/api/businesses/:businessId/transactions.csv',
    async (req, reply) => {
      const user = await services.auth.resolveSession(req.cookies[SESSION_COOKIE])
      if (!user) return reply.status(401).send({ error: 'Sign in to continue' })
      try {
        await services.businesses.requireMember(req.params.businessId, user.id, 'exports')
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
      const rows = services.sales.exportTransactions(req.params.businessId, filter)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csvChunks(rows)))
    },
  )
}

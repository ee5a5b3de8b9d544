/**
 * `GET /api/businesses/:businessId/transactions.csv`: every transaction matching the same
 * filters as `sales.transactions`, streamed as CSV, for a member whose role may export; the
 * rules of every business export (`lib/csv-export.ts`).
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { registerCsvExport, ZQueryDate } from '../../lib/csv-export'
import type { Services } from '../../services'
import { CSV_BOM, CSV_HEADER, csvLine, transactionCsvLine } from './csv'
import { ZTransactionFilter, type TransactionFilter } from './schemas'

/** `?status=a&status=b` and `?status=a,b` both give ['a', 'b']. */
const ZQueryList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s !== ''),
  )

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

export function registerSalesRoutes(app: FastifyInstance, services: Services): void {
  registerCsvExport(app, services, {
    name: 'transactions',
    permission: 'exports',
    filter: parseFilter,
    rows: (businessId, filter) => services.sales.exportTransactions(businessId, filter),
    head: CSV_BOM + csvLine(CSV_HEADER),
    line: transactionCsvLine,
  })
}

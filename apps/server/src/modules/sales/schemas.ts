/** Input of the sales views: the transaction filters shared by the list and the CSV export. */
import { ZSafeText } from '@app/domain'
import { z } from 'zod'
import type { PaymentMethod, PaymentStatus } from '../../db/schema'

const PAYMENT_STATUSES = [
  'pending',
  'processing',
  'settled',
  'expired',
  'failed',
] as const satisfies readonly PaymentStatus[]
export const PAYMENT_METHODS = [
  'lightning',
  'onchain',
  'ecash',
  'tip',
] as const satisfies readonly PaymentMethod[]

const TRANSACTIONS_PAGE_DEFAULT = 25
const TRANSACTIONS_PAGE_MAX = 100
const SEARCH_MAX_LENGTH = 200

/** Dates a filter may name: years 1 to 9999 (UTC), which the database and ISO text both hold. */
const FILTER_DATE_MIN = new Date('0001-01-01T00:00:00.000Z')
const FILTER_DATE_MAX = new Date('9999-12-31T23:59:59.999Z')
const ZFilterDate = z
  .date()
  .min(FILTER_DATE_MIN, { message: 'The date is out of range' })
  .max(FILTER_DATE_MAX, { message: 'The date is out of range' })

/** Duplicates go; an empty list means the same as no list (no filter). */
const unique = <T extends string>(values: T[] | undefined): T[] | undefined =>
  values && values.length > 0 ? [...new Set(values)] : undefined

const filterFields = {
  status: z.array(z.enum(PAYMENT_STATUSES)).max(20).optional().transform(unique),
  method: z.array(z.enum(PAYMENT_METHODS)).max(20).optional().transform(unique),
  /** inclusive */
  from: ZFilterDate.optional(),
  /** exclusive */
  to: ZFilterDate.optional(),
  search: ZSafeText.max(SEARCH_MAX_LENGTH)
    .optional()
    .transform((s) => s?.trim() || undefined),
  /** taken at this device, by this staff member */
  deviceId: z.uuid().optional(),
  staffId: z.uuid().optional(),
}

const isOrderedRange = (f: { from?: Date; to?: Date }) =>
  !f.from || !f.to || f.from.getTime() <= f.to.getTime()
const rangeError = {
  message: 'The start of the range must not be after its end',
  path: ['from'],
}

export const ZTransactionFilter = z.object(filterFields).refine(isOrderedRange, rangeError)

export const ZTransactionsInput = z
  .object({
    ...filterFields,
    cursor: z.string().max(500).optional(),
    limit: z.number().int().min(1).max(TRANSACTIONS_PAGE_MAX).default(TRANSACTIONS_PAGE_DEFAULT),
  })
  .refine(isOrderedRange, rangeError)

/** What the filters mean once read: an absent field does not filter. */
export interface TransactionFilter {
  status?: PaymentStatus[]
  method?: PaymentMethod[]
  from?: Date
  to?: Date
  search?: string
  deviceId?: string
  staffId?: string
}

export type TTransactionsInput = z.output<typeof ZTransactionsInput>

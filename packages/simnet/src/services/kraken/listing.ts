/** Shared shapes for DepositStatus and WithdrawStatus: filters, cursor pages, entry views. */
import { assetId } from './assets'
import { KrakenError, KrakenErrors } from './errors'
import { satToXbt } from './format'
import type { Deposit, Withdrawal } from './store'

type Params = Record<string, string>

/** Applies Kraken's asset/method/start/end filters; entries come back newest first. */
export function filterFunding<T extends Deposit | Withdrawal>(entries: T[], params: Params): T[] {
  if (params.asset !== undefined && assetId(params.asset) === undefined) {
    throw new KrakenError(KrakenErrors.fundingUnknownAsset)
  }
  const isXbt = params.asset === undefined || assetId(params.asset) === 'XXBT'
  const start = params.start !== undefined ? Number(params.start) : undefined
  const end = params.end !== undefined ? Number(params.end) : undefined
  if (
    (start !== undefined && !Number.isFinite(start)) ||
    (end !== undefined && !Number.isFinite(end))
  ) {
    throw new KrakenError(KrakenErrors.invalidArguments)
  }
  const method = params.method?.toLowerCase()
  return entries
    .filter((e) => isXbt && (method === undefined || e.method.toLowerCase() === method))
    .filter((e) => (start === undefined || e.time > start) && (end === undefined || e.time < end))
    .sort((a, b) => b.time - a.time)
}

/**
 * Without `cursor`, the plain array. With `cursor=true` (or a cursor from a previous page), one
 * page of `limit` entries under `listKey` with `next_cursor` when more remain.
 */
export function paginate(
  entries: Record<string, unknown>[],
  params: Params,
  listKey: 'deposit' | 'withdrawals',
  defaultLimit: number,
): unknown {
  const cursor = params.cursor
  if (cursor === undefined || cursor === 'false') return entries
  const limit = params.limit !== undefined ? Number(params.limit) : defaultLimit
  if (!Number.isInteger(limit) || limit < 1) throw new KrakenError(KrakenErrors.invalidArguments)
  let offset = 0
  if (cursor !== 'true') {
    offset = Number(Buffer.from(cursor, 'base64').toString('utf8'))
    if (!Number.isInteger(offset) || offset < 0)
      throw new KrakenError(KrakenErrors.invalidArguments)
  }
  const page = entries.slice(offset, offset + limit)
  const more = offset + limit < entries.length
  return more
    ? { [listKey]: page, next_cursor: Buffer.from(String(offset + limit)).toString('base64') }
    : { [listKey]: page }
}

export function depositView(d: Deposit): Record<string, unknown> {
  return {
    method: d.method,
    aclass: 'currency',
    asset: 'XXBT',
    refid: d.refid,
    txid: d.txid,
    info: d.info,
    amount: satToXbt(d.amountSat, 8),
    fee: satToXbt(d.feeSat, 8),
    time: d.time,
    status: d.status,
  }
}

export function withdrawalView(w: Withdrawal): Record<string, unknown> {
  return {
    method: w.method,
    network: w.method === 'Bitcoin' ? 'Bitcoin' : 'Lightning',
    aclass: 'currency',
    asset: 'XXBT',
    refid: w.refid,
    txid: w.txid,
    info: w.info,
    amount: satToXbt(w.amountSat, 8),
    fee: satToXbt(w.feeSat, 8),
    time: w.time,
    status: w.status,
    key: w.key,
  }
}

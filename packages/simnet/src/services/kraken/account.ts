/** Private account calls: Balance, BalanceEx, Ledgers, QueryLedgers. */
import { assetId } from './assets'
import { KrakenError, KrakenErrors } from './errors'
import { satToXbt } from './format'
import type { Account, KrakenStore, LedgerEntry } from './store'

export type Params = Record<string, string>
export type PrivateHandler = (account: Account, params: Params) => unknown

const LEDGER_PAGE = 50

function ledgerView(e: LedgerEntry): Record<string, unknown> {
  return {
    aclass: 'currency',
    amount: satToXbt(e.amountSat),
    asset: e.asset,
    balance: satToXbt(e.balanceSat),
    fee: satToXbt(e.feeSat),
    refid: e.refid,
    time: Math.round(e.time * 10_000) / 10_000,
    type: e.type,
    subtype: e.subtype,
  }
}

/** `start`/`end` are unix seconds or ledger ids, both exclusive, as Kraken reads them. */
function boundTime(store: KrakenStore, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value)
  const entry = store.state.ledger.find((e) => e.id === value)
  if (!entry) throw new KrakenError(KrakenErrors.invalidArguments)
  return entry.time
}

export function accountHandlers(store: KrakenStore): Record<string, PrivateHandler> {
  return {
    Balance: (account) => ({ XXBT: satToXbt(account.balanceSat) }),
    BalanceEx: (account) => ({
      XXBT: { balance: satToXbt(account.balanceSat), hold_trade: satToXbt(0) },
    }),
    Ledgers: (account, params) => {
      const assets = (params.asset ?? 'all').split(',').map((a) => a.trim())
      if (!assets.includes('all') && assets.some((a) => assetId(a) === undefined)) {
        throw new KrakenError(KrakenErrors.unknownAsset)
      }
      const wantsXbt = assets.includes('all') || assets.some((a) => assetId(a) === 'XXBT')
      const type = params.type ?? 'all'
      const start = boundTime(store, params.start)
      const end = boundTime(store, params.end)
      const ofs = Number(params.ofs ?? 0)
      if (!Number.isInteger(ofs) || ofs < 0) throw new KrakenError(KrakenErrors.invalidArguments)
      const entries = store.state.ledger
        .filter((e) => e.accountId === account.id && wantsXbt)
        .filter((e) => type === 'all' || e.type === type)
        .filter(
          (e) => (start === undefined || e.time > start) && (end === undefined || e.time < end),
        )
        .reverse()
      const page = entries.slice(ofs, ofs + LEDGER_PAGE)
      const ledger = Object.fromEntries(page.map((e) => [e.id, ledgerView(e)]))
      return params.without_count === 'true' ? { ledger } : { ledger, count: entries.length }
    },
    QueryLedgers: (account, params) => {
      const ids = (params.id ?? '').split(',').filter((s) => s !== '')
      if (ids.length === 0 || ids.length > 20) throw new KrakenError(KrakenErrors.invalidArguments)
      const result: Record<string, unknown> = {}
      for (const id of ids) {
        const entry = store.state.ledger.find((e) => e.id === id && e.accountId === account.id)
        if (!entry) throw new KrakenError(KrakenErrors.invalidArguments)
        result[id] = ledgerView(entry)
      }
      return result
    },
  }
}

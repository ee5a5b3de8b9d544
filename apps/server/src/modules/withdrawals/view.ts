/** What the page is told about a withdrawal. */
import type { WithdrawalRail, WithdrawalStatus } from '@app/domain'
import type { WithdrawalRow } from './repo'

export interface WithdrawalView {
  id: string
  rail: WithdrawalRail
  destinationType: string
  destination: string
  address: string | null
  amountSat: number
  feeSat: number | null
  feeLimitSat: number | null
  feeRateSatVb: number | null
  status: WithdrawalStatus
  failureReason: string | null
  txid: string | null
  preimage: string | null
  createdAt: string
  updatedAt: string
  finishedAt: string | null
}

const num = (v: string | null) => (v === null ? null : Number(v))

export function withdrawalView(r: WithdrawalRow): WithdrawalView {
  return {
    id: r.id,
    rail: r.rail,
    destinationType: r.destinationType,
    destination: r.destination,
    address: r.address,
    amountSat: Number(r.amountSat),
    feeSat: num(r.feeSat),
    feeLimitSat: num(r.feeLimitSat),
    feeRateSatVb: r.feeRateSatVb,
    status: r.status,
    failureReason: r.failureReason,
    txid: r.txid,
    preimage: r.preimage,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  }
}

/** The event id of a withdrawal list: changes whenever any row does. */
export function listEventId(rows: WithdrawalView[]): string {
  let latest = ''
  for (const r of rows) if (r.updatedAt > latest) latest = r.updatedAt
  return `${rows.length}:${latest}`
}

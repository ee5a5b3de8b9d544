/**
 * The operator's payout limits: `payout-limits <business id>` shows them, `payout-limits
 * <business id> --per-payout <sat|none> --per-day <sat|none>` sets them. Enforced on every way
 * out: withdrawals, refunds and Loop swaps (the day is the last 24 hours).
 */
import type { Db } from '../../db/database'
import { createConsentRepo } from './repo'

export const PAYOUT_LIMITS_USAGE = `  payout-limits <business id>        show a business's payout limits
  payout-limits <business id> --per-payout <sat|none> --per-day <sat|none>
                                     set them (money out per payout and per 24 hours)`

export const isPayoutLimitsCommand = (command: string | undefined) => command === 'payout-limits'

type Parsed = number | null | undefined | 'invalid'

function option(args: string[], name: string): Parsed {
  const i = args.indexOf(name)
  const eq = args.find((a) => a.startsWith(`${name}=`))
  const raw = i >= 0 ? args[i + 1] : eq?.slice(name.length + 1)
  if (raw === undefined) return i >= 0 || eq !== undefined ? 'invalid' : undefined
  if (raw === 'none') return null
  if (!/^\d+$/.test(raw) || Number(raw) <= 0 || !Number.isSafeInteger(Number(raw))) return 'invalid'
  return Number(raw)
}

const shown = (v: number | null) => (v === null ? 'none' : `${v} sat`)

/** Runs `payout-limits`; returns the exit code. */
export async function runPayoutLimitsCommand(
  db: Db,
  args: string[],
  out: { log(s: string): void; error(s: string): void } = console,
): Promise<number> {
  const businessId = args[1]
  if (!businessId || !/^[0-9a-f-]{36}$/i.test(businessId)) {
    out.error(PAYOUT_LIMITS_USAGE)
    return 2
  }
  const repo = createConsentRepo(db)
  const perPayout = option(args, '--per-payout')
  const perDay = option(args, '--per-day')
  if (perPayout === 'invalid' || perDay === 'invalid') {
    out.error('Give each limit as a whole number of sats above 0, or none')
    return 2
  }
  const current = await repo.limits(businessId)
  if (perPayout === undefined && perDay === undefined) {
    out.log(`per payout: ${shown(current.perPayoutSat)}, per day: ${shown(current.perDaySat)}`)
    return 0
  }
  const next = {
    perPayoutSat: perPayout === undefined ? current.perPayoutSat : perPayout,
    perDaySat: perDay === undefined ? current.perDaySat : perDay,
  }
  if (!(await repo.setLimits(businessId, next, 'operator'))) {
    out.error(`No business with the id ${businessId}`)
    return 1
  }
  out.log(`per payout: ${shown(next.perPayoutSat)}, per day: ${shown(next.perDaySat)}`)
  return 0
}

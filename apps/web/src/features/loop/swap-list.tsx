import { FINAL_LOOP_SWAP_STATUSES } from '@app/domain'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDate } from '@/lib/format'
import { formatSatNumber } from '@/lib/money-format'
import { useTRPC } from '@/lib/trpc'
import type { LoopSwap } from './loop-types'

/** While a swap is under way its status is read this often. */
const OPEN_SWAP_REFRESH_MS = 2_000
const IDLE_REFRESH_MS = 10_000

const VARIANT: Record<LoopSwap['status'], 'outline' | 'success' | 'destructive' | 'warning'> = {
  pending: 'outline',
  initiated: 'outline',
  htlc_published: 'warning',
  preimage_revealed: 'warning',
  succeeded: 'success',
  failed: 'destructive',
  unknown: 'outline',
}

const KNOWN_FAILURES = [
  'OFFCHAIN',
  'TIMEOUT',
  'SWEEP_TIMEOUT',
  'INSUFFICIENT_VALUE',
  'TEMPORARY',
  'INCORRECT_AMOUNT',
  'REFUSED',
  'NOT_STARTED',
] as const
type KnownFailure = (typeof KNOWN_FAILURES)[number]

const failureKey = (reason: string): KnownFailure | 'OTHER' =>
  (KNOWN_FAILURES as readonly string[]).includes(reason) ? (reason as KnownFailure) : 'OTHER'

/** Past and running swaps, newest first, with their status as it moves. */
export function SwapList({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const swaps = useQuery(
    trpc.loop.swaps.queryOptions(
      { businessId },
      {
        staleTime: 0,
        refetchInterval: (query) =>
          query.state.data?.some((s) => !FINAL_LOOP_SWAP_STATUSES.includes(s.status))
            ? OPEN_SWAP_REFRESH_MS
            : IDLE_REFRESH_MS,
      },
    ),
  )
  const list = swaps.data ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('loop.swaps.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('loop.swaps.none')}</p>
        ) : (
          <ul className="divide-y" data-testid="swap-list">
            {list.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 text-sm"
                data-testid="swap-row"
              >
                <div className="grid gap-0.5">
                  <span className="font-medium">
                    {t('loop.sats', { amount: formatSatNumber(s.amountSat) })}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {t(`loop.swaps.by.${s.initiator}`)} ·{' '}
                    {formatDate(new Date(s.createdAt), { timeStyle: 'short' })}
                    {s.costSat !== null &&
                      ` · ${t('loop.swaps.cost', { amount: formatSatNumber(s.costSat) })}`}
                  </span>
                  {s.status === 'failed' && s.failureReason && (
                    <span className="text-xs text-destructive">
                      {t(`loop.failure.${failureKey(s.failureReason)}`)}
                    </span>
                  )}
                </div>
                <Badge variant={VARIANT[s.status]} data-testid="swap-status">
                  {t(`loop.swaps.status.${s.status}`)}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

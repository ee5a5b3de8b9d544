import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { CopyButton } from '@/components/copy-button'
import { Spinner } from '@/components/ui/spinner'
import { formatSatNumber } from '@/lib/money-format'
import { isErrorCode } from '@app/domain'
import type { Withdrawal } from './use-withdraw'

const STATUS_VARIANT = {
  pending: 'secondary',
  sending: 'warning',
  unknown: 'warning',
  succeeded: 'success',
  failed: 'destructive',
} as const

function shorten(text: string): string {
  return text.length > 28 ? `${text.slice(0, 14)}…${text.slice(-10)}` : text
}

/** A failure in words: a catalogue code translated, else the wallet's own reason. */
export function useFailureText() {
  const { t } = useTranslation()
  return (reason: string | null) =>
    reason === null ? '' : isErrorCode(reason) ? t(`errors.${reason}`) : reason
}

/** The business's withdrawals, newest first, with their state kept live. */
export function WithdrawalsList({
  items,
  canLoadMore = false,
  isLoadingMore = false,
  onLoadMore,
}: {
  items: Withdrawal[]
  /** whether older withdrawals than those shown may exist */
  canLoadMore?: boolean
  isLoadingMore?: boolean
  onLoadMore?: () => void
}) {
  const { t, i18n } = useTranslation()
  const failureText = useFailureText()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('withdraw.list.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('withdraw.list.empty')}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={t('withdraw.list.title')}>
            {items.map((w) => {
              const proof = w.txid ?? w.preimage
              return (
                // One column no wider than the card: a long line wraps instead of widening the
                // row, which would push the status and the Copy button onto the card's edge.
                <li
                  key={w.id}
                  className="grid grid-cols-[minmax(0,1fr)] gap-1 py-3"
                  data-testid="withdrawal-row"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium tabular-nums">
                      {t('withdraw.sats', { amount: formatSatNumber(w.amountSat) })}
                    </span>
                    <Badge variant={STATUS_VARIANT[w.status]} data-status={w.status}>
                      {t(`withdraw.status.${w.status}`)}
                    </Badge>
                  </div>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                    <span>{t(`withdraw.rail.${w.rail}`)}</span>
                    <span className="font-mono break-all">
                      {shorten(w.address ?? w.destination)}
                    </span>
                    <span>
                      {new Date(w.createdAt).toLocaleString(i18n.language, {
                        dateStyle: 'short',
                        timeStyle: 'short',
                      })}
                    </span>
                    {w.feeSat !== null && (
                      <span>{t('withdraw.list.fee', { amount: formatSatNumber(w.feeSat) })}</span>
                    )}
                  </div>
                  {proof && (
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                      <span>{w.txid ? t('withdraw.list.txid') : t('withdraw.list.preimage')}</span>
                      <span className="font-mono break-all">{shorten(proof)}</span>
                      <CopyButton value={proof} label={t('withdraw.list.copy')} size="sm" />
                    </div>
                  )}
                  {w.status === 'failed' && w.failureReason && (
                    <p className="text-xs text-destructive">{failureText(w.failureReason)}</p>
                  )}
                  {w.status === 'unknown' && (
                    <p className="text-xs text-warning-foreground">{t('withdraw.list.unknown')}</p>
                  )}
                </li>
              )
            })}
          </ul>
        )}
        {canLoadMore && onLoadMore && items.length > 0 && (
          <div className="mt-4 flex justify-center">
            <Button type="button" variant="outline" onClick={onLoadMore} disabled={isLoadingMore}>
              {isLoadingMore && <Spinner />}
              {t('withdraw.list.loadMore')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  )
}

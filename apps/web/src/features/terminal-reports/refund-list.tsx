/** Refunds as a table: when, which payment, how much, how paid, how it stands, who made it. */
import type { RefundState } from '@app/domain'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { formatDate } from '@/lib/format'
import { useMoney } from './use-reports'

interface Row {
  id: string
  paymentId: string
  state: RefundState
  amountSat: number
  fiatMinor: number | null
  currency: string
  createdAt: string
  staffName: string | null
  deviceName: string | null
}

export function RefundStateBadge({ state }: { state: RefundState }) {
  const { t } = useTranslation()
  const text: Record<RefundState, string> = {
    open: t('terminalReports.state.open'),
    sending: t('terminalReports.state.sending'),
    refunded: t('terminalReports.state.refunded'),
    failed: t('terminalReports.state.failed'),
    expired: t('terminalReports.state.expired'),
  }
  const variant =
    state === 'refunded'
      ? 'success'
      : state === 'failed' || state === 'expired'
        ? 'destructive'
        : 'warning'
  return <Badge variant={variant}>{text[state]}</Badge>
}

function Amount({ row }: { row: Row }) {
  const money = useMoney(row.currency)
  return (
    <span className="grid text-right tabular-nums">
      {row.fiatMinor !== null && <span>{money.fiat(row.fiatMinor)}</span>}
      <span className="text-xs text-muted-foreground">{money.sats(row.amountSat)}</span>
    </span>
  )
}

export function RefundList({ rows }: { rows: Row[] }) {
  const { t } = useTranslation()
  if (rows.length === 0) {
    return <p className="py-4 text-muted-foreground">{t('terminalReports.refundReport.none')}</p>
  }
  return (
    <ul className="grid divide-y divide-border">
      {rows.map((r) => (
        <li key={r.id} className="flex items-start justify-between gap-3 py-2">
          <span className="grid min-w-0 gap-0.5">
            <span className="font-medium">
              {formatDate(new Date(r.createdAt), { dateStyle: 'short', timeStyle: 'short' })}
            </span>
            <span className="text-xs text-muted-foreground">
              {t('terminalReports.refundReport.by', {
                staff: r.staffName ?? '—',
                device: r.deviceName ?? '—',
              })}
            </span>
            <span className="truncate font-mono text-[11px] text-muted-foreground">
              {r.paymentId}
            </span>
          </span>
          <span className="grid justify-items-end gap-1">
            <Amount row={r} />
            <RefundStateBadge state={r.state} />
          </span>
        </li>
      ))}
    </ul>
  )
}

/**
 * How a refund stands once made: for LNURL-withdraw, the QR code the customer's wallet scans
 * with the time left to claim it; then paid, failed or expired, as the server tells (asked
 * every two seconds while it may still change).
 */
import { useQuery } from '@tanstack/react-query'
import { CheckCircle2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { QrCodeButton } from '@/components/payments/qr-code-button'
import { Button } from '@/components/ui/button'
import { useNow } from '@/lib/use-now'
import { useTRPC } from '@/lib/trpc'
import { RefundStateBadge } from './refund-list'
import { useMoney, type RefundResult } from './use-reports'

export function RefundOutcome({ refund, onDone }: { refund: RefundResult; onDone: () => void }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const live = useQuery({
    ...trpc.refunds.get.queryOptions({ refundId: refund.id }),
    refetchInterval: (q) => {
      const s = q.state.data?.state ?? refund.state
      return s === 'open' || s === 'sending' ? 2_000 : false
    },
  })
  const now = useNow(1_000)
  const state = live.data?.state ?? refund.state
  const money = useMoney(refund.currency)
  const expiresAt = refund.expiresAt ? new Date(refund.expiresAt).getTime() : null
  const left = expiresAt ? Math.max(0, Math.round((expiresAt - now) / 1000)) : 0
  const amount = `${refund.fiatMinor !== null ? `${money.fiat(refund.fiatMinor)} · ` : ''}${money.sats(refund.amountSat)}`

  return (
    <div className="mx-auto grid w-full max-w-md justify-items-center gap-4 p-4 text-center">
      <h1 className="text-2xl font-semibold">{t('terminalReports.outcome.title')}</h1>
      <p className="text-lg font-semibold tabular-nums">{amount}</p>
      <RefundStateBadge state={state} />
      {state === 'open' && refund.lnurl && (
        <>
          <p className="text-muted-foreground">{t('terminalReports.outcome.scan')}</p>
          <QrCodeButton
            value={`LIGHTNING:${refund.lnurl}`}
            copyValue={refund.lnurl}
            label={t('terminalReports.outcome.qrLabel')}
          />
          <a
            href={`lightning:${refund.lnurl}`}
            data-testid="refund-lnurl"
            className="text-sm text-primary underline-offset-4 hover:underline"
          >
            {t('terminalReports.outcome.openWallet')}
          </a>
          <p className="tabular-nums text-muted-foreground" aria-live="polite">
            {t('terminalReports.outcome.expiresIn', {
              minutes: Math.floor(left / 60),
              seconds: String(left % 60).padStart(2, '0'),
            })}
          </p>
        </>
      )}
      {state === 'refunded' && (
        <p className="grid justify-items-center gap-2 text-lg text-success">
          <CheckCircle2 className="size-10" aria-hidden />
          {t('terminalReports.outcome.paid')}
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="text-destructive">
          {t('terminalReports.outcome.failed')}
        </p>
      )}
      {state === 'expired' && <p>{t('terminalReports.outcome.expired')}</p>}
      <Button size="lg" variant={state === 'open' ? 'outline' : 'primary'} onClick={onDone}>
        {t('terminalReports.outcome.done')}
      </Button>
    </div>
  )
}

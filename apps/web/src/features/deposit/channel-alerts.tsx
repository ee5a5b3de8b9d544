import { Link } from '@tanstack/react-router'
import { ArrowRight, CircleCheck, CircleX, LifeBuoy, RotateCw, TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { supportLinkTarget, useSupportHref } from '@/components/support-link'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { formatSatNumber } from '@/lib/money-format'
import { appErrorMessage } from '@/lib/notify'
import type { Deposit } from './deposit-progress'

/** The channel is open: onboarding is complete and the dashboard is the way on. */
export function ChannelOpenCard({
  businessId,
  amountSat,
}: {
  businessId: string
  amountSat: number
}) {
  const { t } = useTranslation()
  return (
    <Card className="border-success/40 bg-success-soft">
      <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
        <p className="flex items-center gap-3 text-sm font-medium">
          <CircleCheck className="size-6 shrink-0 text-success" aria-hidden />
          {t('deposit.open.message', { amount: formatSatNumber(amountSat) })}
        </p>
        <Button variant="green" asChild className="max-sm:w-full">
          <Link to="/$businessId/sales/dashboard" params={{ businessId }}>
            {t('deposit.open.toDashboard')}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}

/**
 * The channel could not be opened: the reason when the server's code says more than the title
 * (the code is translated; the server's sentence is never shown), and another try.
 */
export function ChannelFailedAlert({
  errorCode,
  isRetrying,
  onRetry,
}: {
  errorCode: Deposit['channel']['errorCode']
  isRetrying: boolean
  onRetry: () => void
}) {
  const { t } = useTranslation()
  return (
    <Alert variant="destructive">
      <CircleX aria-hidden />
      <AlertTitle>{t('deposit.channel.failedTitle')}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{t('deposit.channel.failedMessage')}</p>
        {errorCode && errorCode !== 'CHANNEL_OPEN_FAILED' && (
          <p className="break-words">
            {t('deposit.channel.reason', {
              reason: appErrorMessage({ code: errorCode, fieldErrors: {} }),
            })}
          </p>
        )}
        <div>
          <Button variant="outline" size="sm" isLoading={isRetrying} onClick={onRetry}>
            {!isRetrying && <RotateCw aria-hidden />}
            {t('deposit.channel.retry')}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  )
}

/** The channel was handed to the platform's staff: support is the way on. */
export function ChannelManualAlert() {
  const { t } = useTranslation()
  const supportHref = useSupportHref()
  return (
    <Alert variant="destructive">
      <TriangleAlert aria-hidden />
      <AlertTitle>{t('deposit.channel.manualTitle')}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{t('deposit.channel.manualMessage')}</p>
        <div>
          <Button variant="outline" size="sm" asChild>
            <a href={supportHref} {...supportLinkTarget(supportHref)}>
              <LifeBuoy aria-hidden />
              {t('node.contactSupport')}
            </a>
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  )
}

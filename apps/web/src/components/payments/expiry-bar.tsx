import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'
import type { ExpiryProgress } from './expiry'
import { formatCountdown } from './payment-format'

const toneClass = {
  normal: 'bg-primary',
  warning: 'bg-warning',
  critical: 'bg-destructive',
} as const

/** Time left to pay: a bar that empties, amber at 30 % and red at 10 %, and the minutes left. */
export function ExpiryBar({ progress }: { progress: ExpiryProgress }) {
  const { t } = useTranslation()
  const countdown = formatCountdown(progress.secondsLeft)
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label={t('payments.expiry.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress.fractionLeft * 100)}
        aria-valuetext={t('payments.expiry.expiresIn', { time: countdown })}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width,background-color] duration-1000 ease-linear motion-reduce:transition-none',
            toneClass[progress.tone],
          )}
          style={{ width: `${progress.fractionLeft * 100}%` }}
        />
      </div>
      <p
        className={cn(
          'text-center text-sm text-muted-foreground tabular-nums',
          progress.tone === 'critical' && 'font-medium text-destructive',
        )}
      >
        {t('payments.expiry.expiresIn', { time: countdown })}
      </p>
    </div>
  )
}

/** The refund report: refunds in a period with who made them, and their total; printable. */
import { useQuery } from '@tanstack/react-query'
import { Printer } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/format'
import { useTRPC } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { PermissionGate } from './permission-gate'
import { QueryProblem } from './query-problem'
import { dayInput, periodOf, type PeriodChoice } from './period'
import { RefundList } from './refund-list'
import { useMoney } from './use-reports'
import './reports.css'

export function RefundReportPage() {
  return (
    <PermissionGate permission="refundReport">
      <RefundReport />
    </PermissionGate>
  )
}

function RefundReport() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const [choice, setChoice] = useState<PeriodChoice>('today')
  const [custom, setCustom] = useState(() => ({
    from: dayInput(new Date()),
    to: dayInput(new Date()),
  }))
  const period = periodOf(choice, custom)
  const report = useQuery({
    ...trpc.refunds.report.queryOptions(period ?? { from: '', to: '' }),
    enabled: period !== null,
  })
  const choices: { value: PeriodChoice; label: string }[] = [
    { value: 'today', label: t('terminalReports.period.today') },
    { value: 'yesterday', label: t('terminalReports.period.yesterday') },
    { value: 'week', label: t('terminalReports.period.week') },
    { value: 'custom', label: t('terminalReports.period.custom') },
  ]
  const currency = report.data?.refunds[0]?.currency ?? 'USD'
  const money = useMoney(currency)
  const day = (iso: string) => formatDate(new Date(iso), { dateStyle: 'medium' })

  return (
    <div className="grid gap-4 p-4">
      <div className="no-print mx-auto grid w-full max-w-2xl gap-3">
        <h1 className="text-2xl font-semibold">{t('terminalReports.refundReport.title')}</h1>
        <div
          role="group"
          aria-label={t('terminalReports.period.label')}
          className="flex flex-wrap gap-2"
        >
          {choices.map((c) => (
            <Button
              key={c.value}
              variant={choice === c.value ? 'primary' : 'outline'}
              aria-pressed={choice === c.value}
              onClick={() => setChoice(c.value)}
            >
              {c.label}
            </Button>
          ))}
        </div>
        {choice === 'custom' && (
          <div className="flex flex-wrap items-center gap-2">
            <label className="grid gap-1 text-sm">
              {t('terminalReports.period.from')}
              <Input
                type="date"
                value={custom.from}
                onChange={(e) => setCustom({ ...custom, from: e.target.value })}
              />
            </label>
            <label className="grid gap-1 text-sm">
              {t('terminalReports.period.to')}
              <Input
                type="date"
                value={custom.to}
                onChange={(e) => setCustom({ ...custom, to: e.target.value })}
              />
            </label>
          </div>
        )}
        <QueryProblem error={report.error} />
        {period === null && (
          <p role="alert" className="text-sm text-destructive">
            {t('terminalReports.period.invalid')}
          </p>
        )}
      </div>
      <article
        className="report-print mx-auto grid w-full max-w-2xl gap-3 rounded-xl border border-border bg-card p-4 text-sm sm:p-6"
        aria-label={t('terminalReports.refundReport.title')}
      >
        <header className="grid gap-1">
          <h2 className="text-xl font-semibold">{t('terminalReports.refundReport.title')}</h2>
          {period && (
            <p className="text-muted-foreground">
              {day(period.from)} – {day(new Date(new Date(period.to).getTime() - 1).toISOString())}
            </p>
          )}
        </header>
        {report.data ? (
          <>
            <RefundList rows={report.data.refunds} />
            <p className={cn('flex justify-between border-t border-border pt-2 font-semibold')}>
              <span>
                {t('terminalReports.refundReport.total', { count: report.data.total.count })}
              </span>
              <span className="tabular-nums">
                {money.fiat(report.data.total.fiatMinor)} · {money.sats(report.data.total.sat)}
              </span>
            </p>
          </>
        ) : (
          period && (
            <div className="flex justify-center p-6">
              <Spinner />
            </div>
          )
        )}
      </article>
      <div className="no-print flex justify-center">
        <Button size="lg" variant="outline" onClick={() => window.print()} disabled={!report.data}>
          <Printer aria-hidden />
          {t('terminalReports.print')}
        </Button>
      </div>
    </div>
  )
}

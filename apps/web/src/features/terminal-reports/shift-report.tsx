/**
 * An end-of-day report as it is shown and printed: the shift (its Z number, device, period),
 * totals by method with counts, tips, refunds and what remains, and the same per staff member,
 * each in fiat and sats.
 */
import { useTranslation } from 'react-i18next'
import { formatDate } from '@/lib/format'
import { cn } from '@/lib/utils'
import { useMethodName, useMoney } from './use-reports'

interface Sums {
  count: number
  sat: number
  fiatMinor: number
}

interface ReportData {
  deviceName: string
  currency: string
  from: string
  to: string
  methods: ({ method: string } & Sums)[]
  tips: Sums
  payments: Sums
  refunds: Sums
  /** refunds still open or sending: outside the totals, counted in the shift they end in */
  pending?: Sums
  net: { sat: number; fiatMinor: number }
  staff: {
    staffId: string | null
    name: string | null
    payments: Sums
    tips: Sums
    refunds: Sums
  }[]
}

function Line({
  label,
  count,
  fiat,
  sats,
  strong,
  indent,
}: {
  label: string
  count?: number
  fiat: string
  sats: string
  strong?: boolean
  indent?: boolean
}) {
  return (
    <tr className={cn('border-b border-border last:border-0', strong && 'font-semibold')}>
      <th scope="row" className={cn('py-1.5 pr-2 text-left font-normal', indent && 'pl-4')}>
        <span className={cn(strong && 'font-semibold')}>{label}</span>
      </th>
      <td className="py-1.5 pr-2 text-right tabular-nums">{count ?? ''}</td>
      <td className="py-1.5 pr-2 text-right tabular-nums">{fiat}</td>
      <td className="py-1.5 text-right text-muted-foreground tabular-nums">{sats}</td>
    </tr>
  )
}

export function ShiftReportView({
  title,
  report,
  className,
}: {
  title: string
  report: ReportData
  className?: string
}) {
  const { t } = useTranslation()
  const money = useMoney(report.currency)
  const methodName = useMethodName()
  const when = (iso: string) =>
    formatDate(new Date(iso), { dateStyle: 'short', timeStyle: 'short' })
  const head = (
    <thead>
      <tr className="border-b border-border text-xs text-muted-foreground">
        <th className="py-1 text-left font-medium">{t('terminalReports.report.item')}</th>
        <th className="py-1 text-right font-medium">{t('terminalReports.report.count')}</th>
        <th className="py-1 text-right font-medium">{t('terminalReports.report.fiat')}</th>
        <th className="py-1 text-right font-medium">{t('terminalReports.report.sats')}</th>
      </tr>
    </thead>
  )
  return (
    <article
      className={cn(
        'report-print mx-auto grid w-full max-w-2xl gap-4 rounded-xl border border-border bg-card p-4 text-sm sm:p-6',
        className,
      )}
      aria-label={title}
    >
      <header className="grid gap-1">
        <h2 className="text-xl font-semibold">{title}</h2>
        <p className="text-muted-foreground">
          {report.deviceName} · {when(report.from)} – {when(report.to)}
        </p>
      </header>
      <table className="w-full">
        {head}
        <tbody>
          {report.methods.length === 0 && (
            <tr>
              <td colSpan={4} className="py-2 text-muted-foreground">
                {t('terminalReports.report.noPayments')}
              </td>
            </tr>
          )}
          {report.methods.map((m) => (
            <Line
              key={m.method}
              label={methodName(m.method)}
              count={m.count}
              fiat={money.fiat(m.fiatMinor)}
              sats={money.sats(m.sat)}
            />
          ))}
          <Line
            label={t('terminalReports.report.payments')}
            count={report.payments.count}
            fiat={money.fiat(report.payments.fiatMinor)}
            sats={money.sats(report.payments.sat)}
            strong
          />
          <Line
            label={t('terminalReports.report.tips')}
            count={report.tips.count}
            fiat={money.fiat(report.tips.fiatMinor)}
            sats={money.sats(report.tips.sat)}
          />
          <Line
            label={t('terminalReports.report.refunds')}
            count={report.refunds.count}
            fiat={money.fiatOut(report.refunds.fiatMinor)}
            sats={money.satsOut(report.refunds.sat)}
          />
          {report.pending && report.pending.count > 0 && (
            <Line
              label={t('terminalReports.report.pendingRefunds')}
              count={report.pending.count}
              fiat={money.fiatOut(report.pending.fiatMinor)}
              sats={money.satsOut(report.pending.sat)}
              indent
            />
          )}
          <Line
            label={t('terminalReports.report.net')}
            fiat={money.fiat(report.net.fiatMinor)}
            sats={money.sats(report.net.sat)}
            strong
          />
        </tbody>
      </table>
      {report.staff.length > 0 && (
        <section className="grid gap-2">
          <h3 className="font-semibold">{t('terminalReports.report.byStaff')}</h3>
          <table className="w-full">
            {head}
            <tbody>
              {report.staff.map((s) => (
                <StaffLines key={s.staffId ?? 'none'} staff={s} currency={report.currency} />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </article>
  )
}

function StaffLines({ staff, currency }: { staff: ReportData['staff'][number]; currency: string }) {
  const { t } = useTranslation()
  const money = useMoney(currency)
  const name = staff.name ?? t('terminalReports.report.noStaff')
  return (
    <>
      <Line
        label={name}
        count={staff.payments.count}
        fiat={money.fiat(staff.payments.fiatMinor)}
        sats={money.sats(staff.payments.sat)}
        strong
      />
      {staff.tips.count > 0 && (
        <Line
          label={t('terminalReports.report.tips')}
          indent
          count={staff.tips.count}
          fiat={money.fiat(staff.tips.fiatMinor)}
          sats={money.sats(staff.tips.sat)}
        />
      )}
      {staff.refunds.count > 0 && (
        <Line
          label={t('terminalReports.report.refunds')}
          indent
          count={staff.refunds.count}
          fiat={money.fiatOut(staff.refunds.fiatMinor)}
          sats={money.satsOut(staff.refunds.sat)}
        />
      )}
    </>
  )
}

/**
 * A device's end-of-day history for the owner: its Z reports (Z-0001, …), newest first, each
 * with its period, who closed it, and its totals by method, tips, refunds and what remained, in
 * fiat and sats.
 */
import { useQuery } from '@tanstack/react-query'
import type { inferOutput } from '@trpc/tanstack-react-query'
import { ClipboardList } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/format'
import { formatFiat, formatSatNumber } from '@/lib/money-format'
import { useTRPC, type Trpc } from '@/lib/trpc'

type Close = inferOutput<Trpc['shifts']['history']>[number]

export function ZReportsButton({
  businessId,
  deviceId,
  deviceName,
}: {
  businessId: string
  deviceId: string
  deviceName: string
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <ClipboardList aria-hidden />
        {t('refunds.zReports.action')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('devices.cancel')} className="max-h-[90dvh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{t('refunds.zReports.title', { name: deviceName })}</DialogTitle>
            <DialogDescription>{t('refunds.zReports.intro')}</DialogDescription>
          </DialogHeader>
          {open && <History businessId={businessId} deviceId={deviceId} />}
        </DialogContent>
      </Dialog>
    </>
  )
}

function History({ businessId, deviceId }: { businessId: string; deviceId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const history = useQuery(trpc.shifts.history.queryOptions({ businessId, deviceId }))
  if (!history.data) return <Spinner className="mx-auto" />
  if (history.data.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('refunds.zReports.none')}</p>
  }
  return (
    <ul className="grid gap-3">
      {history.data.map((c) => (
        <li key={c.id}>
          <ZReport close={c} />
        </li>
      ))}
    </ul>
  )
}

function ZReport({ close }: { close: Close }) {
  const { t } = useTranslation()
  const r = close.report
  const fiat = (n: number) => formatFiat(n, r.currency)
  const sats = (n: number) => t('payments.sats', { amount: formatSatNumber(n) })
  const when = (d: Date | string) =>
    formatDate(new Date(d), { dateStyle: 'short', timeStyle: 'short' })
  const methods: Record<string, string> = {
    lightning: t('refunds.zReports.methods.lightning'),
    onchain: t('refunds.zReports.methods.onchain'),
    ecash: t('refunds.zReports.methods.ecash'),
    tip: t('refunds.zReports.methods.tip'),
  }
  const row = (label: string, count: number | null, minor: number, sat: number, strong = false) => (
    <tr key={label} className={strong ? 'font-semibold' : undefined}>
      <th scope="row" className="py-0.5 pr-2 text-left font-normal">
        {label}
      </th>
      <td className="py-0.5 pr-2 text-right tabular-nums">{count ?? ''}</td>
      <td className="py-0.5 pr-2 text-right tabular-nums">{fiat(minor)}</td>
      <td className="py-0.5 text-right text-muted-foreground tabular-nums">{sats(sat)}</td>
    </tr>
  )
  return (
    <details className="rounded-lg border border-border p-3 text-sm">
      <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{close.label}</span>
        <span className="text-muted-foreground">{when(close.closedAt)}</span>
        <span className="tabular-nums">
          {t('refunds.zReports.net')}: {fiat(r.net.fiatMinor)}
        </span>
      </summary>
      <p className="mt-2 text-xs text-muted-foreground">
        {when(close.openedAt)} – {when(close.closedAt)}
        {close.staffName && ` · ${t('refunds.zReports.closedBy', { name: close.staffName })}`}
      </p>
      <table className="mt-2 w-full">
        <tbody>
          {r.methods.map((m) => row(methods[m.method] ?? m.method, m.count, m.fiatMinor, m.sat))}
          {row(
            t('refunds.zReports.payments'),
            r.payments.count,
            r.payments.fiatMinor,
            r.payments.sat,
            true,
          )}
          {row(t('refunds.zReports.tips'), r.tips.count, r.tips.fiatMinor, r.tips.sat)}
          {row(
            t('refunds.zReports.refunds'),
            r.refunds.count,
            -r.refunds.fiatMinor,
            -r.refunds.sat,
          )}
          {row(t('refunds.zReports.net'), null, r.net.fiatMinor, r.net.sat, true)}
        </tbody>
      </table>
      {r.staff.length > 0 && (
        <ul className="mt-2 grid gap-0.5 text-xs text-muted-foreground">
          {r.staff.map((s) => (
            <li key={s.staffId ?? 'none'}>
              {s.name ?? t('refunds.zReports.noStaff')}: {s.payments.count} ·{' '}
              {fiat(s.payments.fiatMinor)}
              {s.refunds.count > 0 &&
                ` · ${t('refunds.zReports.refunds')} ${fiat(s.refunds.fiatMinor)}`}
            </li>
          ))}
        </ul>
      )}
    </details>
  )
}

/**
 * End of day at the terminal: the X report (this shift so far, nothing closed) and closing the
 * shift, which prints as the Z report with its number (Z-0001, …) and starts a new shift.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Lock, Printer, RefreshCw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { PermissionGate } from './permission-gate'
import { QueryProblem } from './query-problem'
import { ShiftReportView } from './shift-report'
import type { ShiftClose } from './use-reports'
import './reports.css'

export function EodPage() {
  return (
    <PermissionGate permission="eodReport">
      <EodReports />
    </PermissionGate>
  )
}

function EodReports() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const x = useQuery(trpc.shifts.x.queryOptions())
  const close = useMutation(trpc.shifts.close.mutationOptions())
  const [closed, setClosed] = useState<ShiftClose | null>(null)
  const [isConfirming, setIsConfirming] = useState(false)
  // "Close and print": the print dialog opens once the Z report is on the page
  const printPending = useRef(false)
  useEffect(() => {
    if (!closed || !printPending.current) return
    printPending.current = false
    requestAnimationFrame(() => window.print())
  }, [closed])

  const closeShift = async () => {
    try {
      const z = await close.mutateAsync()
      printPending.current = true
      setClosed(z)
      setIsConfirming(false)
      await queryClient.invalidateQueries({ queryKey: trpc.shifts.x.queryKey() })
    } catch (err) {
      notifyError(err)
    }
  }

  if (closed) {
    return (
      <div className="grid gap-4 p-4">
        <ShiftReportView
          title={t('terminalReports.eod.zTitle', { number: closed.label })}
          report={closed.report}
        />
        <div className="no-print flex flex-wrap justify-center gap-2">
          <Button size="lg" onClick={() => window.print()}>
            <Printer aria-hidden />
            {t('terminalReports.print')}
          </Button>
          <Button size="lg" variant="outline" onClick={() => setClosed(null)}>
            {t('terminalReports.eod.newShift')}
          </Button>
        </div>
      </div>
    )
  }

  return (
    <div className="grid gap-4 p-4">
      <div className="no-print mx-auto grid w-full max-w-2xl gap-1">
        <h1 className="text-2xl font-semibold">{t('terminalReports.eod.title')}</h1>
        <p className="text-muted-foreground">{t('terminalReports.eod.intro')}</p>
      </div>
      {x.error ? (
        <QueryProblem error={x.error} />
      ) : x.data ? (
        <ShiftReportView
          title={t('terminalReports.eod.xTitle', { number: x.data.label })}
          report={x.data}
        />
      ) : (
        <div className="flex justify-center p-8">
          <Spinner />
        </div>
      )}
      <div className="no-print flex flex-wrap justify-center gap-2">
        <Button size="lg" variant="outline" onClick={() => void x.refetch()}>
          <RefreshCw aria-hidden />
          {t('terminalReports.refresh')}
        </Button>
        <Button size="lg" variant="outline" onClick={() => window.print()} disabled={!x.data}>
          <Printer aria-hidden />
          {t('terminalReports.print')}
        </Button>
        {isConfirming ? (
          <Button
            size="lg"
            variant="destructive"
            onClick={() => void closeShift()}
            disabled={close.isPending}
          >
            <Lock aria-hidden />
            {t('terminalReports.eod.confirmClose', { number: x.data?.label ?? '' })}
          </Button>
        ) : (
          <Button size="lg" onClick={() => setIsConfirming(true)} disabled={!x.data}>
            <Lock aria-hidden />
            {t('terminalReports.eod.close')}
          </Button>
        )}
      </div>
    </div>
  )
}

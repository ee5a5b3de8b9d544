import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Info, Lock, RefreshCw, ServerCrash, Server } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { PagePending } from '@/components/route-states'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { parseAppError } from '@/lib/app-error'
import { useBusinessRole } from '@/lib/business-role'
import { appErrorMessage } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { AutoloopCard } from './autoloop-card'
import { SwapList } from './swap-list'
import { SwapOutCard } from './swap-out-card'

/** Balances move with every payment and swap: read again this often while the page is open. */
const OVERVIEW_REFRESH_MS = 5_000

/**
 * Lightning Loop on the merchant's own node: autoloop (funds leave the channel for the
 * merchant's own address once it fills), a manual swap out with its quote, and past swaps.
 */
export function LoopPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  // a swap out and autoloop's setup move money out: shown only to a role that may pay out
  const mayPayOut = useBusinessRole(businessId).allows('payouts')
  const overview = useQuery(
    trpc.loop.overview.queryOptions(
      { businessId },
      { refetchInterval: OVERVIEW_REFRESH_MS, staleTime: 0, retry: false },
    ),
  )
  const header = (
    <PageHeader
      title={t('loop.title')}
      description={t('loop.description')}
      actions={
        <Button asChild variant="outline">
          <Link to="/$businessId/bitcoin/node-details" params={{ businessId }}>
            <Server aria-hidden />
            {t('loop.nodeLink')}
          </Link>
        </Button>
      }
    />
  )
  if (overview.isPending) {
    return (
      <>
        {header}
        <PagePending />
      </>
    )
  }
  if (overview.isError && !overview.data) {
    const error = parseAppError(overview.error)
    return (
      <>
        {header}
        {error.code === 'LOOP_NOT_AVAILABLE' ? (
          <Alert variant="info">
            <Info aria-hidden />
            <AlertTitle>{appErrorMessage(error)}</AlertTitle>
            <AlertDescription>{t('loop.ownNodeOnly')}</AlertDescription>
          </Alert>
        ) : (
          <Alert variant="destructive">
            <ServerCrash aria-hidden />
            <AlertTitle>{appErrorMessage(error)}</AlertTitle>
            <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
              <span>{t('loop.failedText')}</span>
              <Button size="sm" variant="outline" onClick={() => void overview.refetch()}>
                <RefreshCw aria-hidden />
                {t('loop.retry')}
              </Button>
            </AlertDescription>
          </Alert>
        )}
      </>
    )
  }
  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <AutoloopCard businessId={businessId} overview={overview.data} mayPayOut={mayPayOut} />
        {mayPayOut ? (
          <SwapOutCard businessId={businessId} overview={overview.data} />
        ) : (
          <Alert variant="info" data-testid="loop-payouts-closed">
            <Lock aria-hidden />
            <AlertTitle>{t('loop.payoutsClosed.title')}</AlertTitle>
            <AlertDescription>{t('loop.payoutsClosed.text')}</AlertDescription>
          </Alert>
        )}
        <div className="lg:col-span-2">
          <SwapList businessId={businessId} />
        </div>
      </div>
    </>
  )
}

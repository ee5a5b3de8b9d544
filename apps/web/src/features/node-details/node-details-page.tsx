import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { RefreshCw, Repeat, ServerCrash, ShieldCheck } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { PagePending } from '@/components/route-states'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { useLiveNodeStatus } from '@/lib/use-node-status'
import { ChannelList } from './channel-list'
import { NodeIdentityCard, NodeMoneyCard } from './node-money'
import { NodeStatusCard } from './node-status-card'
import { NodeUpdateCard } from './node-update-card'

/** Balances move with every payment: read again this often while the page is open. */
const DETAILS_REFRESH_MS = 15_000

/**
 * The merchant's own node: its state as it changes (no reload), identity, what it can spend
 * and receive, and its channels. Everything but the state is read from the node on opening,
 * on every change of state and every few seconds.
 */
export function NodeDetailsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const live = useLiveNodeStatus(businessId)
  const details = useQuery(
    trpc.node.details.queryOptions(
      { businessId },
      { refetchInterval: DETAILS_REFRESH_MS, staleTime: 0, retry: false },
    ),
  )
  const liveKey = live.data ? JSON.stringify(live.data) : ''
  const { refetch } = details
  useEffect(() => {
    if (liveKey) void refetch()
  }, [liveKey, refetch])

  const header = (
    <PageHeader
      title={t('pages.nodeDetails')}
      description={t('nodeAdmin.details.description')}
      actions={
        <>
          <Button asChild variant="outline">
            <Link to="/$businessId/bitcoin/loop" params={{ businessId }}>
              <Repeat aria-hidden />
              {t('loop.title')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/$businessId/bitcoin/backup" params={{ businessId }}>
              <ShieldCheck aria-hidden />
              {t('nodeAdmin.backupLink')}
            </Link>
          </Button>
        </>
      }
    />
  )
  if (details.isPending) {
    return (
      <>
        {header}
        <PagePending />
      </>
    )
  }
  if (details.isError && !details.data) {
    return (
      <>
        {header}
        <Alert variant="destructive">
          <ServerCrash aria-hidden />
          <AlertTitle>{appErrorMessage(parseAppError(details.error))}</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <span>{t('nodeAdmin.details.failedText')}</span>
            <Button size="sm" variant="outline" onClick={() => void details.refetch()}>
              <RefreshCw aria-hidden />
              {t('nodeAdmin.details.retry')}
            </Button>
          </AlertDescription>
        </Alert>
      </>
    )
  }
  const { node, currency } = details.data
  const status = live.data?.exists ? live.data : details.data.status
  return (
    <>
      {header}
      <div className="grid gap-6">
        {details.isError && (
          <Alert variant="destructive">
            <ServerCrash aria-hidden />
            <AlertTitle>{appErrorMessage(parseAppError(details.error))}</AlertTitle>
          </Alert>
        )}
        <NodeStatusCard status={status} sync={node} />
        {node && (
          <>
            <ChannelList node={node} />
            <NodeMoneyCard node={node} currency={currency} />
            <NodeIdentityCard node={node} />
          </>
        )}
        <NodeUpdateCard businessId={businessId} stateKey={liveKey} />
      </div>
    </>
  )
}

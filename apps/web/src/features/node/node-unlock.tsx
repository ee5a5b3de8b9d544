import { Loader2, Lock } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { useLiveNodeStatus } from '@/lib/use-node-status'

// the password form is fetched only when a locked node shows this notice
const UnlockDialog = lazy(() =>
  import('./node-unlock-dialog').then((m) => ({ default: m.UnlockDialog })),
)

/**
 * Shown above every page of the business area while its own node is locked (after a restart or
 * an update) with a way to unlock it, and while it starts again afterwards. Nothing for a
 * business without its own node.
 */
export function NodeLockNotice({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const { data: status } = useLiveNodeStatus(businessId)
  const [isOpen, setIsOpen] = useState(false)
  if (!status?.exists || !status.isInitialised) return null

  if (status.hostState === 'locked' || status.walletState === 'LOCKED') {
    return (
      <>
        <Alert variant="warning" className="mb-6" role="status">
          <Lock aria-hidden />
          <AlertTitle>{t('nodeAdmin.unlock.lockedTitle')}</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3 text-warning-foreground/90">
            <span className="min-w-0 flex-1 basis-64">{t('nodeAdmin.unlock.lockedText')}</span>
            <Button size="sm" onClick={() => setIsOpen(true)} className="max-sm:w-full">
              {t('nodeAdmin.unlock.open')}
            </Button>
          </AlertDescription>
        </Alert>
        <Suspense fallback={null}>
          <UnlockDialog businessId={businessId} isOpen={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      </>
    )
  }
  // Unlocked moments ago: lnd starts its services and catches up with the chain.
  const isStarting =
    status.walletState === 'UNLOCKED' ||
    status.walletState === 'RPC_ACTIVE' ||
    (status.walletState === 'SERVER_ACTIVE' && !status.syncedToChain)
  if (!isStarting || !status.isSeedConfirmed) return null
  return (
    <Alert className="mb-6" role="status">
      <Loader2 className="animate-spin" aria-hidden />
      <AlertTitle>{t('nodeAdmin.unlock.startingTitle')}</AlertTitle>
      <AlertDescription>{t('nodeAdmin.unlock.startingText')}</AlertDescription>
    </Alert>
  )
}

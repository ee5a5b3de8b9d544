import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowUpCircle, TriangleAlert } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

/**
 * The node's version and, when the operator has published a newer one, its notes and the
 * update: confirmed after saying it cannot be rolled back and that payments stop meanwhile.
 * The page's status follows the node through stopping, updating, starting and locked.
 */
export function NodeUpdateCard({ businessId, stateKey }: { businessId: string; stateKey: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [isConfirming, setIsConfirming] = useState(false)
  const info = useQuery(trpc.node.updateInfo.queryOptions({ businessId }, { staleTime: 0 }))
  // Read again whenever the node's state moves (an update under way ends with it).
  const { refetch } = info
  useEffect(() => {
    void refetch()
  }, [stateKey, refetch])
  const update = useMutation(
    trpc.node.update.mutationOptions({
      onSuccess: async () => {
        setIsConfirming(false)
        await queryClient.invalidateQueries({ queryKey: trpc.node.updateInfo.queryKey() })
        await queryClient.invalidateQueries({ queryKey: trpc.node.status.queryKey() })
      },
      onError: (error) => {
        setIsConfirming(false)
        notifyError(error, t('nodeAdmin.update.failedTitle'))
      },
    }),
  )
  const data = info.data
  if (!data) return null
  const isUnderWay = data.update?.state === 'updating' || data.update?.state === 'requested'
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('nodeAdmin.update.title')}</CardTitle>
        <CardDescription>
          {t('nodeAdmin.update.current', { version: data.currentVersion ?? '—' })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {isUnderWay ? (
          <p data-testid="update-state">
            {t('nodeAdmin.update.underWay', { version: data.update?.toVersion })}
          </p>
        ) : data.isUpdateAvailable && data.latest ? (
          <>
            <p className="font-medium" data-testid="update-state">
              {t('nodeAdmin.update.available', { version: data.latest.version })}
            </p>
            {data.latest.notes && (
              <p className="whitespace-pre-line text-muted-foreground">{data.latest.notes}</p>
            )}
          </>
        ) : (
          <p className="text-muted-foreground" data-testid="update-state">
            {t('nodeAdmin.update.upToDate')}
          </p>
        )}
        {data.update?.state === 'failed' && (
          <Alert variant="destructive">
            <TriangleAlert aria-hidden />
            <AlertTitle>{t('errors.NODE_UPDATE_FAILED')}</AlertTitle>
          </Alert>
        )}
      </CardContent>
      {data.isUpdateAvailable && data.latest && !isUnderWay && (
        <CardFooter className="justify-end bg-muted/40">
          <Button onClick={() => setIsConfirming(true)} className="max-sm:w-full">
            <ArrowUpCircle aria-hidden />
            {t('nodeAdmin.update.start', { version: data.latest.version })}
          </Button>
        </CardFooter>
      )}
      <Dialog open={isConfirming} onOpenChange={setIsConfirming}>
        <DialogContent className="max-w-md" closeLabel={t('nodeAdmin.close')}>
          <DialogHeader>
            <DialogTitle>
              {t('nodeAdmin.update.confirmTitle', { version: data.latest?.version })}
            </DialogTitle>
            <DialogDescription>{t('nodeAdmin.update.confirmText')}</DialogDescription>
          </DialogHeader>
          <Alert variant="warning">
            <TriangleAlert aria-hidden />
            <AlertDescription className="text-warning-foreground/90">
              {t('nodeAdmin.update.noRollback')}
            </AlertDescription>
          </Alert>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setIsConfirming(false)}>
              {t('nodeAdmin.seed.cancel')}
            </Button>
            <Button
              isLoading={update.isPending}
              onClick={() =>
                data.latest && update.mutate({ businessId, version: data.latest.version })
              }
            >
              {t('nodeAdmin.update.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  )
}

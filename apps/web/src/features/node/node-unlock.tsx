import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Loader2, Lock } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormControl, FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage, notify } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { useLiveNodeStatus } from '@/lib/use-node-status'

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
        <UnlockDialog businessId={businessId} isOpen={isOpen} onOpenChange={setIsOpen} />
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

/** The node password, sent to the node only (the platform never stores it). */
function UnlockDialog({
  businessId,
  isOpen,
  onOpenChange,
}: {
  businessId: string
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>()

  const unlock = useMutation(
    trpc.node.unlock.mutationOptions({
      onSuccess: () => {
        // Asked again rather than set from the answer: the live stream may already have said
        // that the node is ready, and the unlock's answer (still starting) must not undo that.
        void queryClient.invalidateQueries({ queryKey: trpc.node.status.queryKey({ businessId }) })
        setPassword('')
        onOpenChange(false)
        notify.success(t('nodeAdmin.unlock.done'), t('nodeAdmin.unlock.doneText'))
      },
      onError: (err) => setError(appErrorMessage(parseAppError(err))),
    }),
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (password.length === 0) {
      setError(t('errors.NODE_PASSWORD_EMPTY'))
      return
    }
    setError(undefined)
    unlock.mutate({ businessId, password })
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) {
          setPassword('')
          setError(undefined)
        }
        onOpenChange(open)
      }}
    >
      <DialogContent className="max-w-sm" closeLabel={t('nodeAdmin.close')}>
        <DialogHeader>
          <DialogTitle>{t('nodeAdmin.unlock.title')}</DialogTitle>
          <DialogDescription>{t('nodeAdmin.unlock.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <FormField id="node-unlock-password" label={t('nodeAdmin.unlock.password')} error={error}>
            <FormControl>
              <PasswordInput
                autoComplete="current-password"
                autoFocus
                maxLength={200}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormControl>
          </FormField>
          <DialogFooter>
            <Button type="submit" isLoading={unlock.isPending} className="max-sm:w-full">
              {t('nodeAdmin.unlock.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
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

/** The node password, sent to the node only (the platform never stores it). */
export function UnlockDialog({
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

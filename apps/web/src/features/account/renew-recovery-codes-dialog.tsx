import { useMutation } from '@tanstack/react-query'
import { useId, useState } from 'react'
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
import { Input } from '@/components/ui/input'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

/** New recovery codes for a code from the app: the old ones stop working. */
export function RenewRecoveryCodesDialog({
  open,
  onOpenChange,
  onRenewed,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onRenewed: (codes: string[]) => Promise<void>
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const id = useId()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  const renew = useMutation(
    trpc.account.twoFactor.renewRecoveryCodes.mutationOptions({
      onSuccess: async ({ recoveryCodes }) => {
        setCode('')
        await onRenewed(recoveryCodes)
      },
      onError: (err) => setError(appErrorMessage(parseAppError(err))),
    }),
  )

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(undefined)
        onOpenChange(next)
      }}
    >
      <DialogContent closeLabel={t('account.twoFactor.cancel')}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            if (code.trim() === '') {
              setError(t('auth.code.codeRequired'))
              return
            }
            setError(undefined)
            renew.mutate({ code: code.trim() })
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('account.twoFactor.renewTitle')}</DialogTitle>
            <DialogDescription>{t('account.twoFactor.renewText')}</DialogDescription>
          </DialogHeader>
          <FormField id={`${id}-code`} label={t('account.twoFactor.codeLabel')} error={error}>
            <FormControl>
              <Input
                autoComplete="one-time-code"
                spellCheck={false}
                className="font-mono"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormControl>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t('account.twoFactor.cancel')}
            </Button>
            <Button type="submit" isLoading={renew.isPending}>
              {t('account.twoFactor.renew')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

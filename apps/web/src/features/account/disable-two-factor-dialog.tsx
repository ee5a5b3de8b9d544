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
import { PasswordInput } from '@/components/ui/password-input'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

/** Turning two-step verification off: the password and a code (or a recovery code). */
export function DisableTwoFactorDialog({
  open,
  onOpenChange,
  onDisabled,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onDisabled: () => Promise<void>
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const id = useId()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({})
  const disable = useMutation(
    trpc.account.twoFactor.disable.mutationOptions({
      onSuccess: async () => {
        setPassword('')
        setCode('')
        await onDisabled()
      },
      onError: (err) => {
        const appError = parseAppError(err)
        const message = appErrorMessage(appError)
        if (appError.code === 'WRONG_CURRENT_PASSWORD') setErrors({ password: message })
        else setErrors({ code: message })
      },
    }),
  )

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setErrors({})
        onOpenChange(next)
      }}
    >
      <DialogContent closeLabel={t('account.twoFactor.cancel')}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            const missing = {
              password: password === '' ? t('validation.passwordRequired') : undefined,
              code: code.trim() === '' ? t('auth.code.codeRequired') : undefined,
            }
            if (missing.password || missing.code) {
              setErrors(missing)
              return
            }
            setErrors({})
            disable.mutate({ password, code: code.trim() })
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('account.twoFactor.disableTitle')}</DialogTitle>
            <DialogDescription>{t('account.twoFactor.disableText')}</DialogDescription>
          </DialogHeader>
          <FormField
            id={`${id}-password`}
            label={t('account.twoFactor.passwordLabel')}
            error={errors.password}
          >
            <FormControl>
              <PasswordInput
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormControl>
          </FormField>
          <FormField id={`${id}-code`} label={t('account.twoFactor.codeLabel')} error={errors.code}>
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
            <Button type="submit" variant="destructive" isLoading={disable.isPending}>
              {t('account.twoFactor.disable')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

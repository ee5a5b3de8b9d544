import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
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

/**
 * Removing a passkey is a security change: the account password (and the authenticator code
 * when two-step verification is on) first.
 */
export function RemovePasskeyDialog({
  passkey,
  onOpenChange,
  onRemoved,
}: {
  passkey: { id: string; name: string } | null
  onOpenChange: (open: boolean) => void
  onRemoved: () => Promise<void>
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const id = useId()
  const { data: twoFactor } = useSuspenseQuery(trpc.account.twoFactor.status.queryOptions())
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({})
  const remove = useMutation(
    trpc.passkeys.remove.mutationOptions({
      onSuccess: async () => {
        setPassword('')
        setCode('')
        await onRemoved()
      },
      onError: (err) => {
        const appError = parseAppError(err)
        const message = appErrorMessage(appError)
        const isCode =
          appError.code === 'TWO_FACTOR_REQUIRED' || appError.code === 'INVALID_TWO_FACTOR_CODE'
        setErrors(isCode ? { code: message } : { password: message })
      },
    }),
  )

  return (
    <Dialog
      open={passkey !== null}
      onOpenChange={(next) => {
        if (!next) {
          setErrors({})
          setPassword('')
          setCode('')
        }
        onOpenChange(next)
      }}
    >
      <DialogContent closeLabel={t('account.passkeys.cancel')}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            if (!passkey) return
            if (password === '') {
              setErrors({ password: t('validation.passwordRequired') })
              return
            }
            setErrors({})
            remove.mutate({
              id: passkey.id,
              password,
              ...(code.trim() ? { code: code.trim() } : {}),
            })
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('account.passkeys.removeTitle')}</DialogTitle>
            <DialogDescription>
              {t('account.passkeys.removeText', { name: passkey?.name ?? '' })}
            </DialogDescription>
          </DialogHeader>
          <FormField
            id={`${id}-password`}
            label={t('account.passkeys.passwordLabel')}
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
          {twoFactor.isEnabled && (
            <FormField
              id={`${id}-code`}
              label={t('account.passkeys.codeLabel')}
              error={errors.code}
            >
              <FormControl>
                <Input
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  spellCheck={false}
                  className="font-mono"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </FormControl>
            </FormField>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t('account.passkeys.cancel')}
            </Button>
            <Button type="submit" variant="destructive" isLoading={remove.isPending}>
              {t('account.passkeys.remove')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

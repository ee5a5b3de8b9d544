import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useTRPC } from '@/lib/trpc'
import { ConfirmWithSecretsDialog } from './confirm-with-secrets-dialog'

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
  const disable = useMutation(trpc.account.twoFactor.disable.mutationOptions())

  return (
    <ConfirmWithSecretsDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('account.twoFactor.disableTitle')}
      description={t('account.twoFactor.disableText')}
      passwordLabel={t('account.twoFactor.passwordLabel')}
      code={{ label: t('account.twoFactor.codeLabel'), required: true }}
      cancelLabel={t('account.twoFactor.cancel')}
      submitLabel={t('account.twoFactor.disable')}
      destructive
      pending={disable.isPending}
      submit={async (secrets) => {
        await disable.mutateAsync(secrets)
        await onDisabled()
      }}
      errorField={(error) => (error.code === 'WRONG_CURRENT_PASSWORD' ? 'password' : 'code')}
    />
  )
}

import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useTRPC } from '@/lib/trpc'
import { ConfirmWithSecretsDialog } from './confirm-with-secrets-dialog'

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
  const { data: twoFactor } = useSuspenseQuery(trpc.account.twoFactor.status.queryOptions())
  const remove = useMutation(trpc.passkeys.remove.mutationOptions())

  return (
    <ConfirmWithSecretsDialog
      open={passkey !== null}
      onOpenChange={onOpenChange}
      title={t('account.passkeys.removeTitle')}
      description={t('account.passkeys.removeText', { name: passkey?.name ?? '' })}
      passwordLabel={t('account.passkeys.passwordLabel')}
      code={
        twoFactor.isEnabled
          ? { label: t('account.passkeys.codeLabel'), required: false, numeric: true }
          : undefined
      }
      cancelLabel={t('account.passkeys.cancel')}
      submitLabel={t('account.passkeys.remove')}
      destructive
      pending={remove.isPending}
      submit={async ({ password, code }) => {
        if (!passkey) return
        await remove.mutateAsync({ id: passkey.id, password, ...(code ? { code } : {}) })
        await onRemoved()
      }}
      errorField={(error) =>
        error.code === 'TWO_FACTOR_REQUIRED' || error.code === 'INVALID_TWO_FACTOR_CODE'
          ? 'code'
          : 'password'
      }
    />
  )
}

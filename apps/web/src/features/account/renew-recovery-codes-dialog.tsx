import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useTRPC } from '@/lib/trpc'
import { ConfirmWithSecretsDialog } from './confirm-with-secrets-dialog'

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
  const renew = useMutation(trpc.account.twoFactor.renewRecoveryCodes.mutationOptions())

  return (
    <ConfirmWithSecretsDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('account.twoFactor.renewTitle')}
      description={t('account.twoFactor.renewText')}
      code={{ label: t('account.twoFactor.codeLabel'), required: true }}
      cancelLabel={t('account.twoFactor.cancel')}
      submitLabel={t('account.twoFactor.renew')}
      pending={renew.isPending}
      submit={async ({ code }) => {
        const { recoveryCodes } = await renew.mutateAsync({ code })
        await onRenewed(recoveryCodes)
      }}
      errorField={() => 'code'}
    />
  )
}

import { useSuspenseQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { useTRPC } from '@/lib/trpc'
import { ChangePasswordForm } from './change-password-form'

export function AccountPage() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const { data: profile } = useSuspenseQuery(trpc.auth.getProfile.queryOptions())
  return (
    <>
      <PageHeader
        title={t('account.title')}
        description={profile ? t('account.signedInAs', { email: profile.email }) : undefined}
      />
      <ChangePasswordForm email={profile?.email ?? ''} />
    </>
  )
}

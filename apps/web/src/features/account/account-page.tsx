import { useSuspenseQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { useTRPC } from '@/lib/trpc'
import { ChangePasswordForm } from './change-password-form'
import { EmailCard } from './email-card'
import { PasskeysCard } from './passkeys-card'
import { SessionsCard } from './sessions-card'
import { TwoFactorCard } from './two-factor-card'

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
      <div className="grid max-w-2xl gap-6">
        <EmailCard />
        <ChangePasswordForm email={profile?.email ?? ''} />
        <TwoFactorCard />
        <PasskeysCard />
        <SessionsCard />
      </div>
    </>
  )
}

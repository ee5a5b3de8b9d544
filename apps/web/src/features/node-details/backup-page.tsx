import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { ChannelBackupCard } from './channel-backup-card'
import { SeedRevealCard } from './seed-reveal-card'

/** What a merchant needs to recover their node: the seed words and the channel backup. */
export function BackupPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={t('pages.backup')} description={t('nodeAdmin.backup.description')} />
      <div className="grid max-w-2xl gap-6">
        <SeedRevealCard businessId={businessId} />
        <ChannelBackupCard businessId={businessId} />
      </div>
    </>
  )
}

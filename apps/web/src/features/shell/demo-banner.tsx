import { Link } from '@tanstack/react-router'
import { FlaskConical } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** Tells every visitor of a demo installation that no real bitcoin is involved. */
export function DemoBanner() {
  const { t } = useTranslation()
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex h-(--banner-h) items-center justify-center gap-2 border-b border-warning/50 bg-[color-mix(in_oklab,var(--color-warning)_30%,white)] px-4 text-xs font-medium text-warning-foreground"
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate max-sm:hidden">{t('demo.banner')}</span>
      <span className="truncate sm:hidden">{t('demo.bannerShort')}</span>
      <Link to="/demo-wallet" className="shrink-0 underline underline-offset-2 hover:no-underline">
        {t('demo.wallet.title')}
      </Link>
      <Link to="/demo-mailbox" className="shrink-0 underline underline-offset-2 hover:no-underline">
        {t('demo.mailbox.title')}
      </Link>
    </div>
  )
}

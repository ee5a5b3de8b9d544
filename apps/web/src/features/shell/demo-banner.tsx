import { Link } from '@tanstack/react-router'
import { FlaskConical, Wallet } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSystemConfig } from '@/lib/use-system-config'

/** Height of the banner, which sticky bars below it leave free (see --banner-h). */
export const DEMO_BANNER_HEIGHT = '2rem'

/** Tells every visitor of a demo installation that no real bitcoin is involved. */
export function DemoBanner() {
  const { t } = useTranslation()
  const { isDemo } = useSystemConfig()
  if (!isDemo) return null
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex h-(--banner-h) items-center justify-center gap-2 border-b border-warning/50 bg-[color-mix(in_oklab,var(--color-warning)_30%,white)] px-4 text-xs font-medium text-warning-foreground"
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{t('demo.banner')}</span>
      <Link
        to="/demo-wallet"
        className="inline-flex shrink-0 items-center gap-1 underline underline-offset-2 hover:no-underline"
      >
        <Wallet className="size-3.5" aria-hidden />
        {t('demo.wallet.title')}
      </Link>
    </div>
  )
}

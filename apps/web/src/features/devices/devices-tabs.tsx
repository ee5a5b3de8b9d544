import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

const TABS = [
  { to: '/$businessId/devices/logins', key: 'pages.deviceLogins' },
  { to: '/$businessId/devices/stafflogins', key: 'pages.staffLogins' },
  { to: '/$businessId/devices/settings', key: 'pages.deviceSettings' },
] as const

/** The three pages of the Devices area, one tab each. */
export function DevicesTabs({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  return (
    <nav
      aria-label={t('nav.devices')}
      className="mb-6 flex flex-wrap gap-x-1 border-b border-border"
    >
      {TABS.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          params={{ businessId }}
          activeOptions={{ includeSearch: false }}
          className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground hover:text-foreground data-[status=active]:border-primary data-[status=active]:text-foreground"
        >
          {t(tab.key)}
        </Link>
      ))}
    </nav>
  )
}

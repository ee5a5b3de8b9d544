import type { Permission } from '@app/domain'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useBusinessRole } from '@/lib/business-role'

const TABS = [
  { to: '/$businessId/online/links', key: 'online.tabs.links', permission: 'sales.read' },
  { to: '/$businessId/online/invoices', key: 'online.tabs.invoices', permission: 'sales.read' },
  { to: '/$businessId/online/api-keys', key: 'online.tabs.apiKeys', permission: 'apiKeys.manage' },
  {
    to: '/$businessId/online/webhooks',
    key: 'online.tabs.webhooks',
    permission: 'integrations.manage',
  },
] as const satisfies readonly { to: string; key: string; permission: Permission }[]

/** The pages of selling online, one tab each, as far as the member's role may use them. */
export function OnlineTabs({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const { allows } = useBusinessRole(businessId)
  return (
    <nav
      aria-label={t('nav.sellOnline')}
      className="mb-6 flex flex-wrap gap-x-1 border-b border-border"
    >
      {TABS.filter((tab) => allows(tab.permission)).map((tab) => (
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

import { Link, linkOptions, useMatchRoute } from '@tanstack/react-router'
import {
  ArrowLeftRight,
  Globe,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  MonitorSmartphone,
  Receipt,
  ScrollText,
  Settings,
  Users,
  UserRound,
  type LucideIcon,
} from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { supportLinkTarget, useSupportHref } from '@/components/support-link'
import { Badge } from '@/components/ui/badge'
import { Spinner } from '@/components/ui/spinner'
import { useTRPC } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { useBusinessRole } from '@/lib/business-role'
import { useSignOut } from './use-sign-out'

const itemClass =
  'flex h-9 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/25'
const activeClass = 'bg-primary-soft text-primary hover:bg-primary-soft hover:text-primary'

function useBusinessLinks(businessId: string) {
  const params = { businessId }
  return {
    dashboard: linkOptions({ to: '/$businessId/sales/dashboard', params }),
    sales: linkOptions({ to: '/$businessId/sales/transactions', params }),
    sellOnline: linkOptions({ to: '/$businessId/online/links', params }),
    devices: linkOptions({ to: '/$businessId/devices/logins', params }),
    staffLogins: linkOptions({ to: '/$businessId/devices/stafflogins', params }),
    deviceSettings: linkOptions({ to: '/$businessId/devices/settings', params }),
    settings: linkOptions({ to: '/$businessId/devices/settings', params }),
    nodeDetails: linkOptions({ to: '/$businessId/bitcoin/node-details', params }),
    nwcDetails: linkOptions({ to: '/$businessId/bitcoin/nwc-details', params }),
    exchangeDetails: linkOptions({ to: '/$businessId/bitcoin/exchange-details', params }),
    account: linkOptions({ to: '/$businessId/account', params }),
    team: linkOptions({ to: '/$businessId/team', params }),
    auditLog: linkOptions({ to: '/$businessId/audit-log', params }),
  }
}

function NavItem({
  icon: Icon,
  isActive,
  children,
}: {
  icon: LucideIcon
  isActive?: boolean
  children: ReactNode
}) {
  return (
    <>
      <Icon className={cn('size-4 shrink-0', isActive ? 'text-primary' : '')} aria-hidden />
      <span className="truncate">{children}</span>
    </>
  )
}

/** Where one can go inside a business; `onNavigate` lets the narrow-screen menu close itself. */
export function BusinessNav({
  businessId,
  onNavigate,
}: {
  businessId: string
  onNavigate?: () => void
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const kindQuery = useQuery(trpc.walletDetails.kind.queryOptions({ businessId }))
  // entries the member's role cannot use are not shown (the role matrix, @app/domain)
  const { allows } = useBusinessRole(businessId)
  const walletKind = kindQuery.data?.kind
  const base = useBusinessLinks(businessId)
  // "Settings" is the details page of the business's kind of wallet.
  const walletSettings =
    walletKind === 'lightningNode'
      ? base.nodeDetails
      : walletKind === 'nwc'
        ? base.nwcDetails
        : walletKind === 'exchange'
          ? base.exchangeDetails
          : base.deviceSettings
  const links = { ...base, settings: walletSettings }
  const matchRoute = useMatchRoute()
  const isAt = (...targets: { to: string }[]) =>
    targets.some((target) => Boolean(matchRoute({ to: target.to, fuzzy: true })))

  const item = (
    key:
      | 'dashboard'
      | 'sales'
      | 'sellOnline'
      | 'devices'
      | 'settings'
      | 'auditLog'
      | 'team'
      | 'account',
    icon: LucideIcon,
    label: string,
    activeOn: { to: string }[],
  ) => {
    const isActive = isAt(...activeOn)
    // Until the wallet's kind is known, "Settings" has nowhere to lead yet.
    if (key === 'settings' && kindQuery.isPending) {
      return (
        <li key={key}>
          <span aria-disabled="true" className={cn(itemClass, 'opacity-60')}>
            <NavItem icon={icon} isActive={false}>
              {label}
            </NavItem>
          </span>
        </li>
      )
    }
    return (
      <li key={key}>
        <Link
          {...links[key]}
          onClick={onNavigate}
          aria-current={isActive ? 'page' : undefined}
          className={cn(itemClass, isActive && activeClass)}
        >
          <NavItem icon={icon} isActive={isActive}>
            {label}
          </NavItem>
        </Link>
      </li>
    )
  }

  return (
    <nav aria-label={t('nav.mainLabel')} className="flex flex-1 flex-col gap-6">
      <ul className="flex flex-col gap-0.5">
        {item('dashboard', LayoutDashboard, t('nav.dashboard'), [links.dashboard])}
        {item('sales', Receipt, t('nav.sales'), [links.sales])}
        {allows('sales.read') &&
          item('sellOnline', Globe, t('nav.sellOnline'), [{ to: '/$businessId/online' }])}
        <li>
          <span
            aria-disabled="true"
            className={cn(
              itemClass,
              'cursor-not-allowed opacity-60 hover:bg-transparent hover:text-muted-foreground',
            )}
          >
            <NavItem icon={ArrowLeftRight}>{t('nav.exchange')}</NavItem>
            <Badge variant="outline" className="ml-auto">
              {t('common.soon')}
            </Badge>
          </span>
        </li>
        {allows('devices.manage') &&
          item('devices', MonitorSmartphone, t('nav.devices'), [
            links.devices,
            links.staffLogins,
            links.deviceSettings,
          ])}
        {allows('wallet.manage') &&
          item('settings', Settings, t('nav.settings'), [
            links.settings,
            links.nodeDetails,
            links.nwcDetails,
            links.exchangeDetails,
            { to: '/$businessId/bitcoin/backup' },
          ])}
        {allows('auditLog.read') &&
          item('auditLog', ScrollText, t('nav.auditLog'), [links.auditLog])}
        {allows('members.manage') && item('team', Users, t('nav.team'), [links.team])}
      </ul>
      <ul className="mt-auto flex flex-col gap-0.5">
        {item('account', UserRound, t('nav.account'), [links.account])}
        <li>
          <NavSupportLink />
        </li>
        <li>
          <SignOutButton />
        </li>
      </ul>
    </nav>
  )
}

function NavSupportLink() {
  const { t } = useTranslation()
  const href = useSupportHref()
  return (
    <a href={href} className={itemClass} {...supportLinkTarget(href)}>
      <NavItem icon={LifeBuoy}>{t('nav.support')}</NavItem>
    </a>
  )
}

function SignOutButton() {
  const { t } = useTranslation()
  const signOut = useSignOut()
  return (
    <button
      type="button"
      className={cn(itemClass, 'cursor-pointer')}
      disabled={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      {signOut.isPending ? (
        <>
          <Spinner />
          <span>{t('nav.signOut')}</span>
        </>
      ) : (
        <NavItem icon={LogOut}>{t('nav.signOut')}</NavItem>
      )}
    </button>
  )
}

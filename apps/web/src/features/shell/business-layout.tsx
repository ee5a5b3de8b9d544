import { Outlet } from '@tanstack/react-router'
import { Menu } from 'lucide-react'
import { Suspense, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BrandMark } from '@/components/brand-mark'
import { LanguageSelect } from '@/components/language-select'
import { Button } from '@/components/ui/button'
import { lazyAfterLoad } from '@/lib/lazy-component'
import { RoleGate } from '@/components/role-gate'
import { BusinessNav } from './business-nav'
import { BusinessSwitcher } from './business-switcher'

// the menu's sliding panel is not part of a business page's first load
const MobileMenu = lazyAfterLoad(() => import('./mobile-menu').then((m) => m.MobileMenu))
// nor is the notice of an address not yet verified
const VerifyEmailNotice = lazyAfterLoad(() =>
  import('@/components/verify-email-notice').then((m) => m.VerifyEmailNotice),
)

/**
 * The business area: a sidebar on wide screens, a top bar with a menu on narrow ones,
 * and the page in between.
 */
export function BusinessLayout({
  businessId,
  notice,
}: {
  businessId: string
  /** shown above every page (the node locked, say) */
  notice?: ReactNode
}) {
  const { t } = useTranslation()
  const [isMenuOpen, setIsMenuOpen] = useState(false)

  return (
    <div className="flex min-h-[calc(100dvh-var(--banner-h))]">
      <aside className="sticky top-(--banner-h) hidden h-[calc(100dvh-var(--banner-h))] w-64 shrink-0 flex-col border-r border-border bg-card lg:flex">
        <SidebarContent businessId={businessId} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-(--banner-h) z-30 flex h-14 items-center gap-3 border-b border-border bg-card/90 px-4 backdrop-blur lg:hidden">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('common.openMenu')}
            aria-haspopup="dialog"
            aria-expanded={isMenuOpen}
            onClick={() => setIsMenuOpen(true)}
          >
            <Menu className="size-5" />
          </Button>
          <Suspense fallback={null}>
            <MobileMenu isOpen={isMenuOpen} onOpenChange={setIsMenuOpen}>
              <SidebarContent businessId={businessId} onNavigate={() => setIsMenuOpen(false)} />
            </MobileMenu>
          </Suspense>
          <BrandMark className="min-w-0 text-sm" />
        </header>

        <main className="min-w-0 flex-1">
          <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8 lg:py-10">
            <Suspense fallback={null}>
              <VerifyEmailNotice />
            </Suspense>
            {notice}
            <RoleGate businessId={businessId}>
              <Outlet />
            </RoleGate>
          </div>
        </main>
      </div>
    </div>
  )
}

function SidebarContent({
  businessId,
  onNavigate,
}: {
  businessId: string
  onNavigate?: () => void
}) {
  return (
    <div className="flex h-full flex-col gap-4 overflow-y-auto p-3">
      <div className="flex h-10 items-center px-2">
        <BrandMark className="text-sm" />
      </div>
      <BusinessSwitcher businessId={businessId} onNavigate={onNavigate} />
      <BusinessNav businessId={businessId} onNavigate={onNavigate} />
      <div className="border-t border-border px-3 pt-3">
        <LanguageSelect />
      </div>
    </div>
  )
}

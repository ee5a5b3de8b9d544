import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, Outlet } from '@tanstack/react-router'
import { ChevronsUpDown, Menu, Store } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BrandMark } from '@/components/brand-mark'
import { LanguageSelect } from '@/components/language-select'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { useTRPC } from '@/lib/trpc'
import { BusinessNav } from './business-nav'

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
          <Sheet open={isMenuOpen} onOpenChange={setIsMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={t('common.openMenu')}>
                <Menu className="size-5" />
              </Button>
            </SheetTrigger>
            <SheetContent>
              <SheetTitle className="sr-only">{t('nav.menu')}</SheetTitle>
              <SidebarContent businessId={businessId} onNavigate={() => setIsMenuOpen(false)} />
            </SheetContent>
          </Sheet>
          <BrandMark className="min-w-0 text-sm" />
        </header>

        <main className="min-w-0 flex-1">
          <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-8 lg:py-10">
            {notice}
            <Outlet />
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

/** The business being worked on; with several, a way back to choosing another. */
function BusinessSwitcher({
  businessId,
  onNavigate,
}: {
  businessId: string
  onNavigate?: () => void
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const { data: businesses } = useSuspenseQuery(trpc.businesses.list.queryOptions())
  const business = businesses.find((b) => b.id === businessId)
  const content = (
    <>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
        <Store className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1 text-left">
        <span className="block truncate text-sm font-medium text-foreground">{business?.name}</span>
        {businesses.length > 1 && (
          <span className="block text-xs text-muted-foreground">{t('nav.switchBusiness')}</span>
        )}
      </span>
    </>
  )
  const boxClass =
    'flex items-center gap-3 rounded-lg border border-border bg-background px-2.5 py-2 outline-none'
  if (businesses.length <= 1) return <div className={boxClass}>{content}</div>
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className={`${boxClass} transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/25`}
    >
      {content}
      <ChevronsUpDown className="size-4 text-muted-foreground" aria-hidden />
    </Link>
  )
}

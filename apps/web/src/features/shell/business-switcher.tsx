import { useSuspenseQuery } from '@tanstack/react-query'
import { ChevronsUpDown, Store } from 'lucide-react'
import { Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyAfterLoad } from '@/lib/lazy-component'
import { useTRPC } from '@/lib/trpc'

export const SWITCHER_TRIGGER =
  'flex w-full cursor-pointer items-center gap-3 rounded-lg border border-border bg-background px-2.5 py-2 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/25 data-[state=open]:bg-accent'

// the menu and its positioning code are not part of a business page's first load
const BusinessSwitcherMenu = lazyAfterLoad(() =>
  import('./business-switcher-menu').then((m) => m.BusinessSwitcherMenu),
)

/**
 * The business being worked on, as a menu of every business the user belongs to and a new
 * business. Until the menu's code has loaded the trigger is a plain button; pressed then, the
 * menu opens as soon as it arrives, and if it held the focus the menu's trigger takes it over (a
 * keyboard user who reached it keeps their place). `onNavigate` lets the narrow-screen menu close itself.
 */
export function BusinessSwitcher({
  businessId,
  onNavigate,
}: {
  businessId: string
  onNavigate?: () => void
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const { data: businesses } = useSuspenseQuery(trpc.businesses.list.queryOptions())
  const [pressed, setPressed] = useState(false)
  const fallbackFocused = useRef(false)
  const business = businesses.find((b) => b.id === businessId)
  const face = (
    <>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
        <Store className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-foreground">{business?.name}</span>
        {/* the role and what the menu offers each on a line of their own, read in full (the
            offer wraps where a language's words are long) */}
        <span className="block truncate text-xs text-muted-foreground">
          {business ? t(`team.roles.${business.role}`) : null}
        </span>
        <span className="block text-xs text-balance break-words text-muted-foreground">
          {businesses.length > 1 ? t('nav.switchBusiness') : t('nav.addBusiness')}
        </span>
      </span>
      <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
    </>
  )
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-haspopup="menu"
          aria-busy={pressed}
          className={SWITCHER_TRIGGER}
          onClick={() => setPressed(true)}
          onFocus={() => (fallbackFocused.current = true)}
          onBlur={() => (fallbackFocused.current = false)}
        >
          {face}
        </button>
      }
    >
      <BusinessSwitcherMenu
        businessId={businessId}
        onNavigate={onNavigate}
        defaultOpen={pressed}
        takeFocus={fallbackFocused}
      >
        {face}
      </BusinessSwitcherMenu>
    </Suspense>
  )
}

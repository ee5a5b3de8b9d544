import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { ChevronsUpDown, Plus, Store } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { useTRPC } from '@/lib/trpc'

/** Steps past which a business takes payments; before them it is still being set up. */
const ACTIVE_STEPS = new Set(['completed', 'deposit'])

/**
 * The business being worked on, as a menu: every business the user belongs to (this one
 * checked), each leading to its dashboard, and a new business. `onNavigate` lets the
 * narrow-screen menu close itself.
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
  const navigate = useNavigate()
  const { data: businesses } = useSuspenseQuery(trpc.businesses.list.queryOptions())
  const business = businesses.find((b) => b.id === businessId)

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex w-full cursor-pointer items-center gap-3 rounded-lg border border-border bg-background px-2.5 py-2 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/25 data-[state=open]:bg-accent">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <Store className="size-4" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-foreground">
            {business?.name}
          </span>
          <span className="block truncate text-xs text-muted-foreground">
            {businesses.length > 1 ? t('nav.switchBusiness') : t('nav.addBusiness')}
          </span>
        </span>
        <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-(--radix-dropdown-menu-trigger-width)">
        <DropdownMenuLabel>{t('nav.businesses')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={businessId}>
          {businesses.map((b) => (
            <DropdownMenuRadioItem
              key={b.id}
              value={b.id}
              onSelect={() => {
                onNavigate?.()
                void navigate({ to: '/$businessId/sales/dashboard', params: { businessId: b.id } })
              }}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate">{b.name}</span>
                {!ACTIVE_STEPS.has(b.onboardingStep) && (
                  <span className="block text-xs text-muted-foreground">{t('nav.settingUp')}</span>
                )}
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            onNavigate?.()
            void navigate({ to: '/onboarding/new-business' })
          }}
        >
          <Plus aria-hidden />
          {t('nav.newBusiness')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

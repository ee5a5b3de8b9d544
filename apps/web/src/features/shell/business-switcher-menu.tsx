import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Plus } from 'lucide-react'
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
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
import { SWITCHER_TRIGGER } from './business-switcher'

/** Steps past which a business takes payments; before them it is still being set up. */
const ACTIVE_STEPS = new Set(['completed', 'deposit'])

/**
 * The business switcher's menu (loaded after the page has shown: see business-switcher.tsx):
 * every business the user belongs to (this one checked), each leading to its dashboard, and a
 * new business. `onNavigate` lets the narrow-screen menu close itself.
 */
export function BusinessSwitcherMenu({
  businessId,
  onNavigate,
  defaultOpen,
  takeFocus,
  children,
}: {
  businessId: string
  onNavigate?: () => void
  /** opened at once: the trigger was pressed before the menu had loaded */
  defaultOpen: boolean
  /** true when the stand-in trigger this replaces held the focus */
  takeFocus: RefObject<boolean>
  /** what the trigger shows */
  children: ReactNode
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const { data: businesses } = useSuspenseQuery(trpc.businesses.list.queryOptions())
  const trigger = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body
    if (takeFocus.current && lost) trigger.current?.focus()
  }, [takeFocus])

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={trigger} className={SWITCHER_TRIGGER}>
        {children}
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
                <span className="block text-xs text-muted-foreground">
                  {t(`team.roles.${b.role}`)}
                </span>
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

/**
 * The terminal's menu button, with the signed-in staff member's name (a kiosk has none); it
 * opens the panel (`terminal-menu-panel.tsx`, loaded after the keypad shows).
 */
import { useLocation } from '@tanstack/react-router'
import { Menu, UserRound, X } from 'lucide-react'
import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { lazyAfterLoad } from '@/lib/lazy-component'
import type { DeviceMe } from './use-terminal'

const TerminalMenuPanel = lazyAfterLoad(() =>
  import('./terminal-menu-panel').then((m) => m.TerminalMenuPanel),
)

export function TerminalMenu({ me, onSignOutStaff }: { me: DeviceMe; onSignOutStaff: () => void }) {
  const { t } = useTranslation()
  const [isOpen, setIsOpen] = useState(false)
  // another screen, or the device switched to kiosk or back: the menu closes
  const screen = `${useLocation().pathname}:${String(me.device.isKiosk)}`
  const [openedOn, setOpenedOn] = useState(screen)
  if (openedOn !== screen) {
    setOpenedOn(screen)
    setIsOpen(false)
  }

  return (
    <div className="relative">
      <Button
        variant="ghost"
        className="h-10 gap-2"
        aria-expanded={isOpen}
        aria-label={t('terminal.menu.open')}
        onClick={() => setIsOpen((v) => !v)}
      >
        {me.staff && !me.device.isKiosk && (
          <span className="flex items-center gap-1.5 text-sm">
            <UserRound className="size-4" aria-hidden />
            {me.staff.name}
          </span>
        )}
        {isOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <TerminalMenuPanel
            me={me}
            onClose={() => setIsOpen(false)}
            onSignOutStaff={onSignOutStaff}
          />
        </Suspense>
      )}
    </div>
  )
}

/**
 * The terminal menu's panel (loaded after the keypad shows): the reports and refunds the staff
 * member's permissions allow (the pages themselves check again, as does the server), staff
 * sign-out, and unpairing (after a confirmation). A kiosk's panel holds only unpairing, which
 * needs the PIN of a staff member allowed to close the day.
 */
import type { StaffPermission } from '@app/domain'
import { useRouter } from '@tanstack/react-router'
import { LogOut, Unplug, UserRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnpairDialog } from './unpair-dialog'
import type { DeviceMe } from './use-terminal'

const PAGES: { path: string; permission: StaffPermission; label: string }[] = [
  { path: '/terminal/eod', permission: 'eodReport', label: 'terminal.menu.eod' },
  { path: '/terminal/refunds', permission: 'refund', label: 'terminal.menu.refunds' },
  {
    path: '/terminal/refund-report',
    permission: 'refundReport',
    label: 'terminal.menu.refundReport',
  },
]

export function TerminalMenuPanel({
  me,
  onClose,
  onSignOutStaff,
}: {
  me: DeviceMe
  onClose: () => void
  onSignOutStaff: () => void
}) {
  const { t } = useTranslation()
  const router = useRouter()
  const [isUnpairing, setIsUnpairing] = useState(false)
  const isKiosk = me.device.isKiosk
  const allowed = isKiosk ? [] : PAGES.filter((p) => me.staff?.permissions.includes(p.permission))
  const go = (path: string) => {
    onClose()
    // the report pages are their own routes (their paths are not known to this feature's types)
    router.history.push(path)
  }
  const item =
    'flex w-full items-center gap-3 rounded-md px-3 py-3 text-left text-base hover:bg-accent'

  return (
    <nav
      aria-label={t('terminal.menu.open')}
      className="absolute top-12 right-0 z-30 grid w-64 gap-1 rounded-lg border border-border bg-card p-2 shadow-lg"
    >
      <p className="px-3 py-1 text-xs text-muted-foreground">{me.device.name}</p>
      {!isKiosk && (
        <button type="button" className={item} onClick={() => go('/terminal')}>
          {t('terminal.menu.payments')}
        </button>
      )}
      {allowed.map((p) => (
        <button key={p.path} type="button" className={item} onClick={() => go(p.path)}>
          {t(p.label as 'terminal.menu.eod')}
        </button>
      ))}
      {!isKiosk &&
        (me.staff ? (
          <button
            type="button"
            className={item}
            onClick={() => {
              onClose()
              onSignOutStaff()
            }}
          >
            <LogOut className="size-4" aria-hidden />
            {t('terminal.menu.signOutStaff')}
          </button>
        ) : (
          <button type="button" className={item} onClick={() => go('/terminal/staff')}>
            <UserRound className="size-4" aria-hidden />
            {t('terminal.menu.signInStaff')}
          </button>
        ))}
      <button
        type="button"
        className={`${item} text-destructive`}
        onClick={() => setIsUnpairing(true)}
      >
        <Unplug className="size-4" aria-hidden />
        {t('terminal.menu.unpair')}
      </button>
      {isUnpairing && (
        <UnpairDialog
          isKiosk={isKiosk}
          onClose={() => {
            setIsUnpairing(false)
            onClose()
          }}
        />
      )}
    </nav>
  )
}

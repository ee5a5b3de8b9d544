/**
 * The terminal's menu: the signed-in staff member, the reports and refunds their permissions
 * allow (the pages themselves check again, as does the server), staff sign-out, and unpairing.
 */
import type { StaffPermission } from '@app/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import { LogOut, Menu, Unplug, UserRound, X } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { useTRPC } from '@/lib/trpc'
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

export function TerminalMenu({ me, onSignOutStaff }: { me: DeviceMe; onSignOutStaff: () => void }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const router = useRouter()
  const navigate = useNavigate()
  const [isOpen, setIsOpen] = useState(false)
  const unpair = useMutation(trpc.device.signOut.mutationOptions())
  const allowed = PAGES.filter((p) => me.staff?.permissions.includes(p.permission))
  const go = (path: string) => {
    setIsOpen(false)
    // the report pages are their own routes (their paths are not known to this feature's types)
    router.history.push(path)
  }
  const item =
    'flex w-full items-center gap-3 rounded-md px-3 py-3 text-left text-base hover:bg-accent'

  return (
    <div className="relative">
      <Button
        variant="ghost"
        className="h-10 gap-2"
        aria-expanded={isOpen}
        aria-label={t('terminal.menu.open')}
        onClick={() => setIsOpen((v) => !v)}
      >
        {me.staff && (
          <span className="flex items-center gap-1.5 text-sm">
            <UserRound className="size-4" aria-hidden />
            {me.staff.name}
          </span>
        )}
        {isOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
      </Button>
      {isOpen && (
        <nav
          aria-label={t('terminal.menu.open')}
          className="absolute top-12 right-0 z-30 grid w-64 gap-1 rounded-lg border border-border bg-card p-2 shadow-lg"
        >
          <p className="px-3 py-1 text-xs text-muted-foreground">{me.device.name}</p>
          <button type="button" className={item} onClick={() => go('/terminal')}>
            {t('terminal.menu.payments')}
          </button>
          {allowed.map((p) => (
            <button key={p.path} type="button" className={item} onClick={() => go(p.path)}>
              {t(p.label as 'terminal.menu.eod')}
            </button>
          ))}
          {me.staff ? (
            <button
              type="button"
              className={item}
              onClick={() => {
                setIsOpen(false)
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
          )}
          <button
            type="button"
            className={`${item} text-destructive`}
            disabled={unpair.isPending}
            onClick={() =>
              void unpair.mutateAsync().finally(() => {
                queryClient.clear()
                void navigate({ to: '/terminal/pair', replace: true })
              })
            }
          >
            <Unplug className="size-4" aria-hidden />
            {t('terminal.menu.unpair')}
          </button>
        </nav>
      )}
    </div>
  )
}

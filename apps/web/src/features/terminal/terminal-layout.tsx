/**
 * The terminal's frame: full screen, light or dark as the device settings say, the business's
 * logo and name, who is signed in, the menu, and a clear notice when the connection is lost.
 * It listens to the server: a device signed out in the dashboard returns to pairing at once, one
 * switched to kiosk (or back) changes its screens at once, and a payment a till opens for this
 * device is handed to the screens. Dates follow the business's country (from its currency).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Outlet, useNavigate, useRouter } from '@tanstack/react-router'
import { useSubscription } from '@trpc/tanstack-react-query'
import { WifiOff } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { parseAppError } from '@/lib/app-error'
import { setDateRegion } from '@/lib/i18n'
import { useTRPC } from '@/lib/trpc'
import { TerminalContext } from './terminal-context'
import { TerminalMenu } from './terminal-menu'
import {
  useDeviceMe,
  useIdle,
  useStaffActivity,
  useStaffLanguage,
  useTerminalMethods,
  useTerminalSettings,
} from './use-terminal'
import './terminal.css'

function useOnline() {
  const [isOnline, setIsOnline] = useState(() => navigator.onLine)
  useEffect(() => {
    const on = () => setIsOnline(true)
    const off = () => setIsOnline(false)
    window.addEventListener('online', on)
    window.addEventListener('offline', off)
    return () => {
      window.removeEventListener('online', on)
      window.removeEventListener('offline', off)
    }
  }, [])
  return isOnline
}

export function TerminalLayout() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const router = useRouter()
  const navigate = useNavigate()
  const me = useDeviceMe()
  const settings = useTerminalSettings()
  // the currency whose country dates follow, known before any screen draws a date
  setDateRegion(useTerminalMethods().currency)
  const isOnline = useOnline()
  const [tillPaymentId, setTillPaymentId] = useState<string | null>(null)
  const [wasLive, setWasLive] = useState(false)
  useStaffLanguage(me.device.isKiosk ? undefined : me.staff?.language)

  useEffect(() => {
    const root = document.documentElement
    root.classList.toggle('terminal-dark', settings.theme === 'dark')
    return () => root.classList.remove('terminal-dark')
  }, [settings.theme])

  const backToPairing = () => {
    queryClient.clear()
    void navigate({ to: '/terminal/pair', replace: true })
  }
  const events = useSubscription(
    trpc.terminal.events.subscriptionOptions(undefined, {
      onStarted: () => setWasLive(true),
      onData: ({ data }) => {
        if (!data.signedIn) return backToPairing()
        setTillPaymentId(data.tillPayment?.id ?? null)
        if (data.kiosk !== me.device.isKiosk) {
          // switched in the dashboard: once the device reads as switched, a kiosk shows its
          // waiting screen (no staff), a counter asks for a staff member
          void queryClient
            .invalidateQueries({ queryKey: trpc.device.me.queryKey() })
            .then(() =>
              navigate({ to: data.kiosk ? '/terminal' : '/terminal/staff', replace: true }),
            )
        } else if (data.staffId !== (me.staff?.id ?? null)) {
          void queryClient.invalidateQueries({ queryKey: trpc.device.me.queryKey() })
          void router.invalidate()
        }
      },
      onError: (err) => {
        if (err.data?.code === 'UNAUTHORIZED') backToPairing()
      },
    }),
  )
  const isConnected = isOnline && (events.status === 'pending' || !wasLive)

  const staffSignOut = useStaffSignOut()
  const hasStaff = me.staff !== null && !me.device.isKiosk
  useIdle(settings.idleSignOutSec, hasStaff, () => void staffSignOut())
  useStaffActivity(hasStaff)
  useStaffSignedOutByServer()

  return (
    <TerminalContext.Provider value={{ isConnected, tillPaymentId }}>
      <div className="flex min-h-dvh flex-col bg-background text-foreground">
        <header className="no-print flex items-center gap-3 border-b border-border bg-card px-4 py-2">
          {settings.logoUrl ? (
            <img src={settings.logoUrl} alt="" className="h-9 w-auto max-w-28 object-contain" />
          ) : null}
          <p className="min-w-0 flex-1 truncate font-semibold">{settings.displayName}</p>
          <TerminalMenu me={me} onSignOutStaff={() => void staffSignOut()} />
        </header>
        {!isConnected && (
          <div
            role="alert"
            className="no-print flex items-center justify-center gap-2 bg-destructive px-4 py-2 text-sm font-medium text-destructive-foreground"
          >
            <WifiOff className="size-4" aria-hidden />
            {t('terminal.connectionLost')}
          </div>
        )}
        <main className="flex flex-1 flex-col">
          <Outlet />
        </main>
      </div>
    </TerminalContext.Provider>
  )
}

/**
 * The server refused a call because no staff member is signed in (idle too long, or signed out
 * at another tab): the screens go to staff sign-in, as after signing out here.
 */
function useStaffSignedOutByServer() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  useEffect(() => {
    const onError = (error: unknown) => {
      if (parseAppError(error).code !== 'STAFF_SIGN_IN_REQUIRED') return
      queryClient.setQueryData(trpc.device.me.queryKey(), (me) => me && { ...me, staff: null })
      void navigate({ to: '/terminal/staff', replace: true })
    }
    const offQueries = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') onError(e.action.error)
    })
    const offMutations = queryClient.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') onError(e.action.error)
    })
    return () => {
      offQueries()
      offMutations()
    }
  }, [queryClient, navigate, trpc])
}

/** Signs the staff member out; the screens go to staff sign-in. */
function useStaffSignOut() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const signOut = useMutation(trpc.device.staffSignOut.mutationOptions())
  return async () => {
    await signOut.mutateAsync().catch(() => undefined)
    queryClient.setQueryData(trpc.device.me.queryKey(), (me) => me && { ...me, staff: null })
    await navigate({ to: '/terminal/staff', replace: true })
  }
}

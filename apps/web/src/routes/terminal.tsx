import { createFileRoute, Outlet, redirect, useLocation } from '@tanstack/react-router'
import { isTerminalPairedHint, rememberTerminalScreen } from '@/features/terminal/paired-hint'
import { parseAppError } from '@/lib/app-error'
import { lazyAfterLoad } from '@/lib/lazy-component'
import { UNAUTHORIZED_IS_AN_ANSWER } from '@/lib/query-client'

// not part of pairing's first load (see test/first-load-pages.json)
const TerminalLayout = lazyAfterLoad(() =>
  import('@/features/terminal/terminal-layout').then((m) => m.TerminalLayout),
)

const PAIR = '/terminal/pair'

/**
 * The terminal (a device login's web app): without a device session it pairs; without a staff
 * member signed in (kiosks aside) it asks for one; then the screens run in its own full-screen
 * frame, not the dashboard's.
 */
export const Route = createFileRoute('/terminal')({
  beforeLoad: async ({ context, location }) => {
    if (location.pathname === PAIR) return
    if (location.hash.includes('login=')) {
      throw redirect({ to: PAIR, hash: location.hash, replace: true })
    }
    const { queryClient, trpc } = context
    const meta = UNAUTHORIZED_IS_AN_ANSWER
    // asked in the request that asks who this device is, when this browser held a paired
    // terminal: its settings (the frame's theme and logo)
    if (isTerminalPairedHint()) {
      void queryClient.prefetchQuery(trpc.device.settings.queryOptions(undefined, { meta }))
    }
    const me = await queryClient
      .fetchQuery(trpc.device.me.queryOptions(undefined, { meta }))
      .catch((error: unknown) => {
        if (parseAppError(error).code === 'UNAUTHORIZED') return null
        throw error
      })
    if (!me) {
      rememberTerminalScreen('pair')
      throw redirect({ to: PAIR, replace: true })
    }
    const needsStaff = !me.staff && !me.device.isKiosk
    rememberTerminalScreen(needsStaff ? 'staff' : 'keypad')
    if (needsStaff && location.pathname !== '/terminal/staff') {
      throw redirect({ to: '/terminal/staff', replace: true })
    }
  },
  component: TerminalRoute,
})

function TerminalRoute() {
  const { pathname } = useLocation()
  return pathname === PAIR ? <Outlet /> : <TerminalLayout />
}

import { createFileRoute, Outlet, redirect, useLocation } from '@tanstack/react-router'
import { parseAppError } from '@/lib/app-error'
import { lazyAfterLoad } from '@/lib/lazy-component'

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
    const me = await context.queryClient
      .fetchQuery(context.trpc.device.me.queryOptions())
      .catch((error: unknown) => {
        if (parseAppError(error).code === 'UNAUTHORIZED') return null
        throw error
      })
    if (!me) throw redirect({ to: PAIR, replace: true })
    if (!me.staff && !me.device.isKiosk && location.pathname !== '/terminal/staff') {
      throw redirect({ to: '/terminal/staff', replace: true })
    }
  },
  component: TerminalRoute,
})

function TerminalRoute() {
  const { pathname } = useLocation()
  return pathname === PAIR ? <Outlet /> : <TerminalLayout />
}

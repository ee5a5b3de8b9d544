import { Outlet } from '@tanstack/react-router'
import { lazy, Suspense, type CSSProperties } from 'react'
import { useSystemConfig } from '@/lib/use-system-config'
import { AppToaster } from './app-toaster'

/** Height of the demo banner, which sticky bars below it leave free (see --banner-h). */
const DEMO_BANNER_HEIGHT = '2rem'

/** The loading bar shows between pages: not needed to show the first one. */
const TopProgressBar = lazy(() =>
  import('./top-progress-bar').then((m) => ({ default: m.TopProgressBar })),
)

/** Only a demo installation loads the banner (and its link to the demo wallet). */
const DemoBanner = lazy(() => import('./demo-banner').then((m) => ({ default: m.DemoBanner })))

/** Frame of every page: demo banner, loading bar, the page, and the toasts. */
export function RootLayout() {
  const { isDemo } = useSystemConfig()
  const style = { '--banner-h': isDemo ? DEMO_BANNER_HEIGHT : '0px' } as CSSProperties
  return (
    <div style={style} className="min-h-dvh">
      <Suspense fallback={null}>
        <TopProgressBar />
      </Suspense>
      {isDemo && (
        <Suspense fallback={<div data-lazy-pending className="h-(--banner-h)" />}>
          <DemoBanner />
        </Suspense>
      )}
      <Outlet />
      <AppToaster />
    </div>
  )
}

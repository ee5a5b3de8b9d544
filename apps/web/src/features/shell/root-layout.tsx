import { Outlet } from '@tanstack/react-router'
import type { CSSProperties } from 'react'
import { useSystemConfig } from '@/lib/use-system-config'
import { AppToaster } from './app-toaster'
import { DEMO_BANNER_HEIGHT, DemoBanner } from './demo-banner'
import { TopProgressBar } from './top-progress-bar'

/** Frame of every page: demo banner, loading bar, the page, and the toasts. */
export function RootLayout() {
  const { isDemo } = useSystemConfig()
  const style = { '--banner-h': isDemo ? DEMO_BANNER_HEIGHT : '0px' } as CSSProperties
  return (
    <div style={style} className="min-h-dvh">
      <TopProgressBar />
      <DemoBanner />
      <Outlet />
      <AppToaster />
    </div>
  )
}

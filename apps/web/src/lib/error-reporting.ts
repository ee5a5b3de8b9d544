/**
 * Error reporting (Sentry) in production builds that configure VITE_SENTRY_DSN; elsewhere nothing
 * is loaded or sent.
 */
import type * as Sentry from '@sentry/react'
import type { AnyRouter } from '@tanstack/react-router'

let sentry: typeof Sentry | undefined

export async function initErrorReporting(router: AnyRouter): Promise<void> {
  const dsn = import.meta.env.VITE_SENTRY_DSN
  if (!import.meta.env.PROD || !dsn) return
  const module = await import('@sentry/react')
  module.init({
    dsn,
    integrations: [module.tanstackRouterBrowserTracingIntegration(router)],
    tracesSampleRate: 0.1,
  })
  sentry = module
}

/** Reports an error the UI caught (route error screens), when reporting is on. */
export function reportError(error: unknown): void {
  sentry?.captureException(error)
}

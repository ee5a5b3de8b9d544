/** What a route shows while it loads, when it fails, and when nothing matches the URL. */
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { parseAppError } from '@/lib/app-error'
import { reportError } from '@/lib/error-reporting'
import { appErrorMessage } from '@/lib/notify'
import { usePageTitle } from '@/lib/use-page-title'
import { Button } from './ui/button'
import { Spinner } from './ui/spinner'

export function PagePending() {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-muted-foreground">
      <Spinner className="size-6" label={t('common.loading')} />
    </div>
  )
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation()
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()
  const appError = parseAppError(error)
  usePageTitle(t('routeError.title'))

  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  useEffect(() => {
    if (appError.code === 'UNKNOWN' || appError.code === 'INTERNAL') reportError(error)
  }, [appError.code, error])

  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[40vh] max-w-md flex-col items-center justify-center gap-3 px-6 text-center"
    >
      <h1 className="text-lg font-semibold">{t('routeError.title')}</h1>
      <p className="text-sm text-muted-foreground">{appErrorMessage(appError)}</p>
      <div className="mt-2 flex gap-2">
        <Button
          variant="outline"
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          {t('common.retry')}
        </Button>
        <Button variant="ghost" asChild>
          <Link to="/">{t('common.backHome')}</Link>
        </Button>
      </div>
    </div>
  )
}

export function NotFound() {
  const { t } = useTranslation()
  usePageTitle(t('routeError.notFoundTitle'))
  return (
    <div className="mx-auto flex min-h-[40vh] max-w-md flex-col items-center justify-center gap-3 px-6 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-lg font-semibold">{t('routeError.notFoundTitle')}</h1>
      <p className="text-sm text-muted-foreground">{t('routeError.notFoundMessage')}</p>
      <Button variant="outline" className="mt-2" asChild>
        <Link to="/">{t('common.backHome')}</Link>
      </Button>
    </div>
  )
}

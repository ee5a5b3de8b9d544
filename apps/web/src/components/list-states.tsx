/** What a page's list shows while it loads, when it could not be loaded, and when it is empty. */
import { AlertTriangle, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from './ui/alert'
import { Button } from './ui/button'
import { Card } from './ui/card'
import { Spinner } from './ui/spinner'

export function ListPending() {
  return (
    <div className="flex justify-center py-16">
      <Spinner />
    </div>
  )
}

/** Says the list could not be loaded, with a button that asks again. */
export function ListLoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert variant="destructive">
      <AlertTriangle aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </AlertDescription>
    </Alert>
  )
}

/** An empty list: what would be here, and (as `children`) how to add the first one. */
export function ListEmpty({
  icon: Icon,
  title,
  message,
  children,
}: {
  icon: LucideIcon
  title: string
  message: string
  children?: ReactNode
}) {
  return (
    <Card className="px-6 py-12 text-center">
      <Icon className="mx-auto size-8 text-primary" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold">{title}</h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">{message}</p>
      {children}
    </Card>
  )
}

/**
 * A list with nothing to show yet or nothing matching its filters: what would be here and, as
 * `action`, the way on (take a first payment, clear the filters).
 */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon
  title: string
  description: string
  action?: ReactNode
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border bg-card px-6 py-14 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{description}</p>
      {action && <div className="mt-2">{action}</div>}
    </div>
  )
}

/**
 * Below a list that pages: "Load more" while there is more, then how many are shown; a failed
 * page is said without losing the rows already there.
 */
export function LoadMore({
  query,
  loadMoreLabel,
  shownLabel,
  failedLabel,
}: {
  /** the list's infinite query */
  query: {
    hasNextPage: boolean
    isFetchingNextPage: boolean
    isFetchNextPageError: boolean
    fetchNextPage: () => Promise<unknown>
  }
  loadMoreLabel: string
  shownLabel: string
  failedLabel: string
}) {
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      {query.hasNextPage ? (
        <Button
          variant="outline"
          isLoading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {loadMoreLabel}
        </Button>
      ) : (
        <p className="text-xs text-muted-foreground">{shownLabel}</p>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm text-destructive">
          {failedLabel}
        </p>
      )}
    </div>
  )
}

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

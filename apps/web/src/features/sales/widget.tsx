import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { Skeleton } from './skeleton'

/** A dashboard card that shows a skeleton while its data loads and a retry when it fails. */
export function Widget({
  title,
  description,
  action,
  status,
  onRetry,
  skeleton,
  className,
  children,
}: {
  title: string
  description?: string
  action?: ReactNode
  status: 'pending' | 'error' | 'success'
  onRetry: () => void
  skeleton?: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <Card className={cn('flex flex-col', className)} aria-busy={status === 'pending' || undefined}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <CardTitle>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {status === 'success' && action}
      </CardHeader>
      <CardContent className="flex-1">
        {status === 'pending' ? (
          (skeleton ?? <Skeleton className="h-32 w-full" />)
        ) : status === 'error' ? (
          <WidgetError onRetry={onRetry} />
        ) : (
          children
        )}
      </CardContent>
    </Card>
  )
}

export function WidgetError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-sm">
      <p className="text-muted-foreground">{t('sales.loadFailed')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  )
}

import type { ReactNode } from 'react'
import { usePageTitle } from '@/lib/use-page-title'

/** A page's heading, which also becomes the browser tab title, with the page's actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
}) {
  usePageTitle(title)
  return (
    // The actions stay in one place whatever the description's length: below it on a phone, at
    // its right from 640 px, the text wrapping beside them.
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  )
}

import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/** A grey placeholder the shape of content that is still loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden
      className={cn('animate-pulse rounded-md bg-muted-foreground/10', className)}
      {...props}
    />
  )
}

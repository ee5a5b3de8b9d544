import { LoaderCircle } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/** A turning circle; give it a `label` when nothing else tells a screen reader what waits. */
export function Spinner({
  className,
  label,
  ...props
}: ComponentProps<'svg'> & { label?: string }) {
  return (
    <LoaderCircle
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  )
}

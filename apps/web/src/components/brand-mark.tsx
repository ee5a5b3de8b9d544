import { Zap } from 'lucide-react'
import { cn } from '@/lib/utils'
import { useSystemConfig } from '@/lib/use-system-config'

/** The platform's mark and name. */
export function BrandMark({ className }: { className?: string }) {
  const { brandName } = useSystemConfig()
  return (
    <span
      className={cn('inline-flex items-center gap-2.5 font-semibold tracking-tight', className)}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-xs">
        <Zap className="size-4" fill="currentColor" aria-hidden />
      </span>
      <span className="truncate">{brandName}</span>
    </span>
  )
}

/** How a payment's status and method look wherever sales are listed. */
import { Bitcoin, Coins, HandCoins, Zap, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import type { PaymentMethod, PaymentStatus } from '@app/domain'

const STATUS_STYLE: Record<PaymentStatus, string> = {
  settled: 'bg-success-soft text-success',
  processing: 'bg-warning-soft text-warning-foreground',
  pending: 'border-border bg-card text-foreground',
  expired: 'bg-muted text-muted-foreground',
  failed: 'bg-destructive-soft text-destructive',
}

const DOT_STYLE: Record<PaymentStatus, string> = {
  settled: 'bg-success',
  processing: 'bg-warning animate-pulse',
  pending: 'bg-muted-foreground/60',
  expired: 'bg-muted-foreground/40',
  failed: 'bg-destructive',
}

export function StatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation()
  return (
    <Badge variant="outline" className={cn('border-transparent', STATUS_STYLE[status])}>
      <span className={cn('size-1.5 rounded-full', DOT_STYLE[status])} aria-hidden />
      {t(`sales.status.${status}`)}
    </Badge>
  )
}

const METHOD_ICON: Record<PaymentMethod, LucideIcon> = {
  lightning: Zap,
  onchain: Bitcoin,
  ecash: Coins,
  tip: HandCoins,
}

/** Accent per method, shared by the breakdown bars and the icons. */
const METHOD_COLOR: Record<PaymentMethod, string> = {
  lightning: 'text-amber-500',
  onchain: 'text-orange-600',
  ecash: 'text-emerald-600',
  tip: 'text-primary',
}

export const METHOD_BAR: Record<PaymentMethod, string> = {
  lightning: 'bg-amber-500',
  onchain: 'bg-orange-600',
  ecash: 'bg-emerald-600',
  tip: 'bg-primary',
}

export function MethodLabel({ method, className }: { method: PaymentMethod; className?: string }) {
  const { t } = useTranslation()
  const Icon = METHOD_ICON[method]
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap', className)}>
      <Icon className={cn('size-3.5 shrink-0', METHOD_COLOR[method])} aria-hidden />
      {t(`sales.method.${method}`)}
    </span>
  )
}

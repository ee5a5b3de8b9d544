import type { PaymentRefundState } from '@app/domain'
import { Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'

/** A payment given back in full or in part (refunds made at a terminal). */
export function RefundBadge({ state }: { state: PaymentRefundState | undefined }) {
  const { t } = useTranslation()
  if (!state || state === 'none') return null
  return (
    <Badge variant={state === 'refunded' ? 'secondary' : 'warning'} className="ml-1">
      <Undo2 className="size-3" aria-hidden />
      {state === 'refunded' ? t('refunds.refunded') : t('refunds.partly')}
    </Badge>
  )
}

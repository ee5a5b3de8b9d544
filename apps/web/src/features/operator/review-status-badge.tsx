import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'

const VARIANT = {
  draft: 'outline',
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
} as const

export function ReviewStatusBadge({ status }: { status: keyof typeof VARIANT }) {
  const { t } = useTranslation()
  return <Badge variant={VARIANT[status]}>{t(`operator.status.${status}`)}</Badge>
}

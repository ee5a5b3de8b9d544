import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/spinner'

export function WaitingForPayment({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 text-base font-medium text-foreground"
    >
      <Spinner className="size-5 text-primary" />
      {label ?? t('payments.waiting')}
    </p>
  )
}

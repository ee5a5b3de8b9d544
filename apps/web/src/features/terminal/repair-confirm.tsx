/**
 * A pairing link opened on a terminal already paired: it asks first, naming both businesses
 * (and devices), since a terminal paired to another business would record its card taps there.
 * Cancelling keeps the pairing it has.
 */
import { ArrowRightLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

export interface PairedTo {
  businessName: string
  deviceName: string
}

export function RepairConfirm({
  current,
  next,
  isPending,
  onConfirm,
  onCancel,
}: {
  current: PairedTo
  next: PairedTo
  isPending: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const name = (p: PairedTo) => `${p.businessName} (${p.deviceName})`
  return (
    <section aria-labelledby="repair-title" className="grid gap-4">
      <div className="flex items-center gap-3">
        <ArrowRightLeft className="size-6 shrink-0 text-warning-foreground" aria-hidden />
        <h2 id="repair-title" className="text-lg font-semibold">
          {t('terminal.pair.repairTitle')}
        </h2>
      </div>
      <p className="text-base">
        {t('terminal.pair.repairQuestion', { current: name(current), next: name(next) })}
      </p>
      <p className="text-sm text-muted-foreground">{t('terminal.pair.repairHint')}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button size="lg" variant="outline" onClick={onCancel} disabled={isPending}>
          {t('terminal.pair.repairCancel', { business: current.businessName })}
        </Button>
        <Button size="lg" onClick={onConfirm} isLoading={isPending}>
          {t('terminal.pair.repairConfirm', { business: next.businessName })}
        </Button>
      </div>
    </section>
  )
}

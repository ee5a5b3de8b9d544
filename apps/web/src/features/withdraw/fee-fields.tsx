import { useTranslation } from 'react-i18next'
import {
  MAX_FEE_RATE_SAT_VB,
  MIN_FEE_RATE_SAT_VB,
  ONCHAIN_PRIORITIES,
  type OnchainPriority,
} from '@app/domain'
import { Checkbox } from '@/components/ui/checkbox'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import type { Quote } from './use-withdraw'
import type { WithdrawForm } from './use-withdraw-form'
import { useSatsWithFiat } from './withdraw-summary'

/**
 * On chain: sweep the whole balance or not, and the priority (with each one's fee in sats and
 * in the business's currency first, then its time and rate, once a quote has them) or a custom
 * fee rate, with what a rate in sat/vB means.
 */
export function FeeFields({ form, currency }: { form: WithdrawForm; currency: string }) {
  const { t } = useTranslation()
  const { priority, customRate, sweepAll } = form.values
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-2">
        <Checkbox
          id="withdraw-sweep"
          checked={sweepAll}
          onCheckedChange={(v) => form.edit({ sweepAll: v === true })}
        />
        <Label htmlFor="withdraw-sweep">{t('withdraw.sweep.label')}</Label>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('withdraw.priority.label')}</legend>
        <p className="mb-2 text-xs text-muted-foreground">{t('withdraw.priority.rateHint')}</p>
        <RadioGroup
          value={priority}
          onValueChange={(v) => form.choosePriority(v as OnchainPriority)}
          className="grid gap-2 sm:grid-cols-2"
        >
          {ONCHAIN_PRIORITIES.map((p) => (
            <PriorityOption
              key={p}
              priority={p}
              option={form.quote?.priorities.find((o) => o.priority === p)}
              currency={currency}
            />
          ))}
        </RadioGroup>
        {priority === 'custom' && (
          <FormField
            id="withdraw-fee-rate"
            label={t('withdraw.priority.customRate')}
            description={t('withdraw.priority.customHint', {
              min: MIN_FEE_RATE_SAT_VB,
              max: MAX_FEE_RATE_SAT_VB,
            })}
          >
            <FormControl>
              <Input
                inputMode="numeric"
                value={customRate}
                onChange={(e) => form.setCustomRate(e.target.value)}
              />
            </FormControl>
          </FormField>
        )}
      </fieldset>
    </div>
  )
}

function PriorityOption({
  priority,
  option,
  currency,
}: {
  priority: OnchainPriority
  option: Quote['priorities'][number] | undefined
  currency: string
}) {
  const { t } = useTranslation()
  const satsWithFiat = useSatsWithFiat(currency)
  return (
    <Label
      htmlFor={`priority-${priority}`}
      className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[[data-state=checked]]:border-primary"
    >
      <RadioGroupItem id={`priority-${priority}`} value={priority} className="mt-0.5" />
      <span className="grid gap-0.5">
        <span className="font-medium">{t(`withdraw.priority.${priority}`)}</span>
        {option && (
          <>
            <span className="text-sm tabular-nums">
              {t('withdraw.priority.fee', { fee: satsWithFiat(option.feeSat) })}
            </span>
            <span className="text-xs text-muted-foreground">
              {t('withdraw.priority.detail', {
                rate: option.satPerVbyte,
                time:
                  option.minutes < 120
                    ? t('withdraw.priority.minutes', { count: option.minutes })
                    : t('withdraw.priority.hours', { count: Math.round(option.minutes / 60) }),
              })}
            </span>
          </>
        )}
      </span>
    </Label>
  )
}

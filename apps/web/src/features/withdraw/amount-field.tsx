import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { satToFiatMinor } from '@app/domain'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { keepAmountCharacters } from '@/components/payments/amount'
import { formatFiat } from '@/lib/money-format'
import type { Balances } from './use-withdraw'
import type { WithdrawForm } from './use-withdraw-form'
import type { AmountProblem } from './withdraw-form'
import { useSats } from './withdraw-summary'

/**
 * How much: typed in sats or in the business currency (shown in the other under the field),
 * fixed by an invoice that names it, or the most there is ("Max").
 */
export function AmountField({
  form,
  balances,
  currency,
  minorPerBtc,
}: {
  form: WithdrawForm
  balances: Balances | undefined
  currency: string
  minorPerBtc: number | null
}) {
  const { t } = useTranslation()
  const sats = useSats()
  const { fixedAmount, amountSat, amountProblem } = form
  const { unit, amountText, sweepAll } = form.values
  const fiatOf = (n: number) =>
    minorPerBtc ? formatFiat(satToFiatMinor(n, minorPerBtc), currency) : null

  return (
    <FormField
      id="withdraw-amount"
      label={t('withdraw.amount.label')}
      labelAside={
        <div className="flex gap-1" role="group" aria-label={t('withdraw.amount.unit')}>
          {(['sat', 'fiat'] as const).map((u) => (
            <Button
              key={u}
              type="button"
              size="sm"
              variant={unit === u ? 'secondary' : 'ghost'}
              aria-pressed={unit === u}
              onClick={() => form.edit({ unit: u, amountText: '' })}
            >
              {u === 'sat' ? 'sats' : currency}
            </Button>
          ))}
        </div>
      }
      error={amountProblem ? amountProblemMessage(amountProblem, unit, currency, t) : undefined}
      description={
        fixedAmount !== null
          ? t('withdraw.amount.fixed')
          : amountSat !== null && amountSat > 0
            ? unit === 'sat'
              ? (fiatOf(amountSat) ?? undefined)
              : sats(amountSat)
            : undefined
      }
    >
      <div className="flex gap-2">
        <FormControl>
          <Input
            inputMode={unit === 'sat' ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={fixedAmount !== null ? String(fixedAmount) : sweepAll ? '' : amountText}
            placeholder={sweepAll ? t('withdraw.amount.sweepPlaceholder') : '0'}
            disabled={fixedAmount !== null || sweepAll}
            onChange={(e) => form.edit({ amountText: keepAmountCharacters(e.target.value) })}
          />
        </FormControl>
        <Button
          type="button"
          variant="outline"
          onClick={form.setMax}
          disabled={!balances || fixedAmount !== null || form.rail === null}
        >
          {t('withdraw.amount.max')}
        </Button>
      </div>
    </FormField>
  )
}

/** What is said under the amount when it cannot be sent (Review stays off until it can). */
function amountProblemMessage(
  problem: AmountProblem,
  unit: 'sat' | 'fiat',
  currency: string,
  t: TFunction,
): string {
  switch (problem) {
    case 'invalid':
      return unit === 'sat'
        ? t('withdraw.amount.invalidSats')
        : t('withdraw.amount.invalidFiat', { currency })
    case 'fraction':
      return t('withdraw.amount.fraction')
    case 'zero':
      return t('withdraw.amount.zero')
    case 'tooSmall':
      return t('withdraw.amount.tooSmall')
  }
}

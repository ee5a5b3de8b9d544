/** The tip pills: no tip, the device settings' percentages, or an amount keyed by hand. */
import { useTranslation } from 'react-i18next'
import { keepAmountCharacters } from '@/components/payments/amount'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'
import type { TipChoice } from './tip'

const pill =
  'min-h-11 flex-auto rounded-full border border-border bg-card px-3 text-base font-medium whitespace-nowrap hover:bg-accent aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground'

export function TipPicker({
  percents,
  choice,
  onChoice,
  unitLabel,
}: {
  percents: number[]
  choice: TipChoice
  onChoice: (choice: TipChoice) => void
  unitLabel: string
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{t('terminal.tip.label')}</legend>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={pill}
          aria-pressed={choice.kind === 'none'}
          onClick={() => onChoice({ kind: 'none' })}
        >
          {t('terminal.tip.none')}
        </button>
        {percents.map((percent) => (
          <button
            key={percent}
            type="button"
            className={pill}
            aria-pressed={choice.kind === 'percent' && choice.percent === percent}
            onClick={() => onChoice({ kind: 'percent', percent })}
          >
            {t('terminal.tip.percent', { percent })}
          </button>
        ))}
        <button
          type="button"
          className={pill}
          aria-pressed={choice.kind === 'custom'}
          onClick={() => onChoice({ kind: 'custom', entry: '' })}
        >
          {t('terminal.tip.custom')}
        </button>
      </div>
      {choice.kind === 'custom' && (
        <label className={cn('flex items-center gap-2')}>
          <span className="text-sm text-muted-foreground">{t('terminal.tip.customLabel')}</span>
          <Input
            autoFocus
            inputMode="decimal"
            value={choice.entry}
            onChange={(e) =>
              onChoice({ kind: 'custom', entry: keepAmountCharacters(e.target.value).slice(0, 12) })
            }
            className="h-11 flex-1 text-base"
            placeholder="0"
          />
          <span className="text-sm text-muted-foreground">{unitLabel}</span>
        </label>
      )}
    </fieldset>
  )
}

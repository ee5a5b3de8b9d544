import { Check } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'
import { FilterPopover } from './filter-popover'
import { formatDayKey } from './sales-format'
import { dayKey, RANGE_PRESETS, type TransactionsSearch } from './transaction-filters'

type Range = Pick<TransactionsSearch, 'range' | 'from' | 'to'>

const PRESET_KEY = { today: 'today', '7d': 'last7Days', '30d': 'last30Days' } as const

/** Today, 7 days, 30 days, or a custom range of whole days in the browser's time zone. */
export function DateFilter({ value, onChange }: { value: Range; onChange: (next: Range) => void }) {
  const { t } = useTranslation()
  const id = useId()
  const summary =
    value.range === 'custom'
      ? [value.from, value.to].map((d) => (d ? formatDayKey(d) : '…')).join(' – ')
      : value.range
        ? t(`sales.filters.${PRESET_KEY[value.range]}`)
        : undefined
  const option = (isOn: boolean, label: string, onSelect: () => void) => (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={isOn}
      onClick={onSelect}
      className={cn(
        'flex w-full cursor-pointer items-center justify-between rounded-md px-2 py-1.5 text-left outline-none hover:bg-accent focus-visible:bg-accent',
        isOn && 'font-medium text-primary',
      )}
    >
      {label}
      {isOn && <Check className="size-4" aria-hidden />}
    </button>
  )
  const today = dayKey(new Date())

  return (
    <FilterPopover
      label={t('sales.filters.date')}
      summary={summary}
      isActive={Boolean(value.range)}
    >
      <div role="menu" aria-label={t('sales.filters.date')}>
        {option(!value.range, t('sales.filters.anyDate'), () => onChange({}))}
        {RANGE_PRESETS.map((preset) =>
          option(value.range === preset, t(`sales.filters.${PRESET_KEY[preset]}`), () =>
            onChange({ range: preset }),
          ),
        )}
      </div>
      <div className="mt-1 space-y-2 border-t border-border px-2 pt-2 pb-1.5">
        <p className="text-xs font-medium text-muted-foreground">{t('sales.filters.custom')}</p>
        <div className="grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-2">
          <Label htmlFor={`${id}-from`} className="text-xs">
            {t('sales.filters.from')}
          </Label>
          <Input
            id={`${id}-from`}
            type="date"
            className="h-8 px-2 text-xs"
            max={value.to ?? today}
            value={value.range === 'custom' ? (value.from ?? '') : ''}
            onChange={(e) =>
              onChange(custom(e.target.value, value.range === 'custom' ? value.to : undefined))
            }
          />
          <Label htmlFor={`${id}-to`} className="text-xs">
            {t('sales.filters.to')}
          </Label>
          <Input
            id={`${id}-to`}
            type="date"
            className="h-8 px-2 text-xs"
            min={value.from}
            value={value.range === 'custom' ? (value.to ?? '') : ''}
            onChange={(e) =>
              onChange(custom(value.range === 'custom' ? value.from : undefined, e.target.value))
            }
          />
        </div>
      </div>
    </FilterPopover>
  )
}

function custom(from: string | undefined, to: string | undefined): Range {
  if (!from && !to) return {}
  return { range: 'custom', ...(from ? { from } : {}), ...(to ? { to } : {}) }
}

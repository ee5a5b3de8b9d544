/** The filter buttons above the transactions: a button that opens a small panel of choices. */
import { ChevronDown } from 'lucide-react'
import { Popover } from 'radix-ui'
import type { ReactNode } from 'react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { cn } from '@/lib/utils'

export function FilterPopover({
  label,
  summary,
  isActive,
  children,
}: {
  label: string
  /** what is chosen, shown on the button: a count or a range name */
  summary?: string
  isActive: boolean
  children: ReactNode
}) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          className={cn(isActive && 'border-primary/40 bg-primary-soft/60 text-primary')}
        >
          {label}
          {summary && (
            <span className="rounded-full bg-primary px-1.5 py-px text-[11px] leading-4 font-semibold text-primary-foreground tabular-nums">
              {summary}
            </span>
          )}
          <ChevronDown className="size-3.5 opacity-60" aria-hidden />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 w-60 animate-fade-in rounded-lg border border-border bg-card p-1 text-sm shadow-lg outline-none"
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

/** Checkboxes for several values at once; none chosen means all. */
export function MultiSelectFilter<T extends string>({
  label,
  options,
  selected,
  onChange,
  renderOption,
}: {
  label: string
  options: readonly T[]
  selected: readonly T[] | undefined
  onChange: (next: T[] | undefined) => void
  renderOption: (value: T) => ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const chosen = selected ?? []
  const toggle = (value: T, isOn: boolean) => {
    const next = options.filter((o) => (o === value ? isOn : chosen.includes(o)))
    onChange(next.length > 0 ? next : undefined)
  }
  return (
    <FilterPopover
      label={label}
      summary={chosen.length > 0 ? String(chosen.length) : undefined}
      isActive={chosen.length > 0}
    >
      <fieldset>
        <legend className="sr-only">{label}</legend>
        {options.map((value) => (
          <label
            key={value}
            htmlFor={`${id}-${value}`}
            className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 hover:bg-accent"
          >
            <Checkbox
              id={`${id}-${value}`}
              checked={chosen.includes(value)}
              onCheckedChange={(state) => toggle(value, state === true)}
            />
            {renderOption(value)}
          </label>
        ))}
      </fieldset>
      {chosen.length > 0 && (
        <div className="mt-1 border-t border-border pt-1">
          <button
            type="button"
            onClick={() => onChange(undefined)}
            className="w-full cursor-pointer rounded-md px-2 py-1.5 text-left text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:bg-accent"
          >
            {t('sales.filters.clear')}
          </button>
        </div>
      )}
    </FilterPopover>
  )
}

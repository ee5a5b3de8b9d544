import { Delete } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'
import type { KeypadKey } from './amount'
import { decimalMark } from '@/lib/money-format'

const keyClass =
  'flex h-16 cursor-pointer items-center justify-center rounded-xl border border-border bg-card text-2xl font-medium text-foreground shadow-xs outline-none transition-[background-color,transform] duration-75 select-none hover:bg-accent active:scale-[0.97] active:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-40 disabled:active:scale-100 touch-manipulation'

/**
 * Digits laid out as on a phone, a wide 0 and the decimal mark beneath, C and backspace as tall
 * keys on the right (like a numeric keypad). The decimal key only works for fiat amounts.
 */
export function Keypad({
  onKey,
  canDecimal,
  disabled = false,
}: {
  onKey: (key: KeypadKey) => void
  canDecimal: boolean
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const key = (value: KeypadKey, content: ReactNode, className?: string, label?: string) => (
    <button
      type="button"
      className={cn(keyClass, className)}
      aria-label={label}
      disabled={disabled || (value === 'decimal' && !canDecimal)}
      // Keep focus (and the on-screen keyboard) where it was when a key is tapped.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onKey(value)}
    >
      {content}
    </button>
  )
  const digit = (value: KeypadKey) => key(value, value)
  return (
    <div
      role="group"
      aria-label={t('payments.keypad.label')}
      className="grid grid-cols-4 grid-rows-4 gap-2"
    >
      {digit('1')}
      {digit('2')}
      {digit('3')}
      {key(
        'clear',
        'C',
        'row-span-2 h-auto bg-muted text-muted-foreground hover:text-foreground',
        t('payments.keypad.clear'),
      )}
      {digit('4')}
      {digit('5')}
      {digit('6')}
      {digit('7')}
      {digit('8')}
      {digit('9')}
      {key(
        'backspace',
        <Delete className="size-7" aria-hidden />,
        'row-span-2 h-auto bg-muted text-muted-foreground hover:text-foreground',
        t('payments.keypad.backspace'),
      )}
      {key('0', '0', 'col-span-2')}
      {key('decimal', decimalMark(), undefined, t('payments.keypad.decimal'))}
    </div>
  )
}

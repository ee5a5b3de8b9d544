/**
 * A PIN on the terminal: dots for the digits keyed (never the digits), the problem announced
 * to screen readers, and a pad of large keys (delete, 0, confirm). Used by staff sign-in and by
 * the kiosk's unpairing, which asks a staff member's PIN.
 */
import { PIN_MAX_DIGITS, PIN_MIN_DIGITS } from '@app/domain'
import { Check, Delete } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/utils'

const key =
  'flex h-16 items-center justify-center rounded-xl border border-border bg-card text-2xl font-medium shadow-xs select-none touch-manipulation hover:bg-accent active:scale-[0.97] disabled:opacity-40'

/** The PIN after one key of the pad or the keyboard ('back' deletes the last digit). */
export function pinAfter(pin: string, k: string): string {
  if (k === 'back' || k === 'Backspace') return pin.slice(0, -1)
  if (/^\d$/.test(k) && pin.length < PIN_MAX_DIGITS) return pin + k
  return pin
}

export function PinPad({
  pin,
  problem,
  onKey,
  onSubmit,
  isPending = false,
  compact = false,
  submitLabel,
}: {
  pin: string
  problem: string | null
  onKey: (k: string) => void
  onSubmit: () => void
  isPending?: boolean
  /** smaller keys (in a dialog) */
  compact?: boolean
  /** what the confirm key says to screen readers (default: Sign in) */
  submitLabel?: string
}) {
  const { t } = useTranslation()
  const keyClass = cn(key, compact && 'h-12 text-xl')
  return (
    <div className="grid gap-3">
      <div
        className="flex h-6 items-center justify-center gap-3"
        aria-label={t('terminal.staff.pinLength', { digits: pin.length })}
        role="status"
      >
        {Array.from({ length: Math.max(PIN_MIN_DIGITS, pin.length) }, (_, i) => (
          <span
            key={i}
            className={cn(
              'size-4 rounded-full border-2 border-foreground/60',
              i < pin.length && 'bg-foreground',
            )}
          />
        ))}
      </div>
      <p
        role="alert"
        className={cn('min-h-5 text-center text-sm text-destructive', !problem && 'invisible')}
      >
        {problem}
      </p>
      <div role="group" aria-label={t('terminal.staff.pinPad')} className="grid grid-cols-3 gap-2">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => (
          <button key={d} type="button" className={keyClass} onClick={() => onKey(d)}>
            {d}
          </button>
        ))}
        <button
          type="button"
          className={cn(keyClass, 'bg-muted')}
          aria-label={t('terminal.staff.backspace')}
          onClick={() => onKey('back')}
        >
          <Delete className="size-7" aria-hidden />
        </button>
        <button type="button" className={keyClass} onClick={() => onKey('0')}>
          0
        </button>
        <button
          type="button"
          className={cn(
            keyClass,
            'border-primary bg-primary text-primary-foreground hover:bg-primary-hover',
          )}
          aria-label={submitLabel ?? t('terminal.staff.signIn')}
          disabled={pin.length < PIN_MIN_DIGITS || isPending}
          onClick={onSubmit}
        >
          <Check className="size-7" aria-hidden />
        </button>
      </div>
    </div>
  )
}

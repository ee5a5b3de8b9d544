import { MAX_PAYMENT_SAT, type CurrencyCode } from '@app/domain'
import { ArrowUpDown, TriangleAlert } from 'lucide-react'
import { useEffect, useRef, type Dispatch, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'
import {
  isDigitKey,
  resolveAmount,
  type ChargeAmount,
  type KeypadKey,
} from '@/components/payments/amount'
import { FitText } from '@/components/payments/fit-text'
import { Keypad } from '@/components/payments/keypad'
import {
  MAX_MEMO_LENGTH,
  type KeypadAction,
  type KeypadState,
} from '@/components/payments/keypad-state'
import { formatKeyedFiat } from '@/components/payments/payment-format'
import { formatFiat, formatSatNumber } from '@/lib/money-format'

interface PriceState {
  minorPerBtc: number | null
  isLoading: boolean
  isUnavailable: boolean
  retry: () => void
}

/** Keys of a physical keyboard that mean something on the keypad. */
function keypadKeyOf(event: KeyboardEvent): KeypadKey | null {
  if (isDigitKey(event.key)) return event.key
  if (event.key === '.' || event.key === ',' || event.key === 'Decimal') return 'decimal'
  if (event.key === 'Backspace') return 'backspace'
  if (event.key === 'Escape' || event.key === 'Delete' || event.key.toLowerCase() === 'c') {
    return 'clear'
  }
  return null
}

function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  )
}

/**
 * The take-payment keypad screen: the amount large (fiat, or sats after the toggle) with the
 * other unit beneath, an optional memo, the keypad and a full-width Charge button. Digits,
 * the decimal mark, Backspace, Escape (clear) and Enter (charge) work from a keyboard too.
 */
export function AmountEntry({
  state,
  dispatch,
  currency,
  price,
  isCharging,
  onCharge,
  problem,
  isBlocked = false,
}: {
  state: KeypadState
  dispatch: Dispatch<KeypadAction>
  currency: CurrencyCode
  price: PriceState
  isCharging: boolean
  onCharge: (amount: ChargeAmount, memo: string) => void
  /** A lasting reason no payment can be taken (no wallet, say), shown above the keypad. */
  problem?: ReactNode
  /** The wallet is known to be unable to take this payment: Charge stays off. */
  isBlocked?: boolean
}) {
  const { t } = useTranslation()
  const resolved = resolveAmount(state.entry, state.unit, price.minorPerBtc)
  const isEmpty = resolved.charge === null
  const canCharge = !isEmpty && resolved.problem === null && !isCharging && !isBlocked

  const satsText = (sat: number | null) =>
    sat === null
      ? t('payments.amount.satsUnknown')
      : t('payments.sats', { amount: formatSatNumber(sat) })
  const primary =
    state.unit === 'fiat'
      ? formatKeyedFiat(state.entry, currency)
      : t('payments.sats', { amount: formatSatNumber(resolved.sat ?? 0) })
  const secondary =
    state.unit === 'fiat'
      ? satsText(resolved.sat)
      : resolved.fiatMinor === null
        ? t('payments.amount.fiatUnknown')
        : formatFiat(resolved.fiatMinor, currency)

  // The button names the amount in full ("£12.50"), however it was keyed ("12.5").
  const chargeLabel =
    state.unit === 'fiat' && resolved.fiatMinor !== null
      ? formatFiat(resolved.fiatMinor, currency)
      : primary

  const charge = () => {
    if (!canCharge || resolved.charge === null) return
    onCharge(resolved.charge, state.memo.trim())
  }
  // The keyboard listener reads the latest values through a ref, so it is attached only once.
  const latest = useRef({ dispatch, charge })
  useEffect(() => {
    latest.current = { dispatch, charge }
  })

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (isTypingTarget(event.target)) return
      if (event.key === 'Enter') {
        // Enter on a focused button presses that button instead.
        if (event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement)
          return
        event.preventDefault()
        latest.current.charge()
        return
      }
      const key = keypadKeyOf(event)
      if (key === null) return
      event.preventDefault()
      latest.current.dispatch({ type: 'key', key, now: Date.now() })
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    charge()
  }

  const minorPerBtc = price.minorPerBtc
  const otherUnitLabel =
    state.unit === 'fiat'
      ? t('payments.amount.switchToSats')
      : t('payments.amount.switchToFiat', { currency })

  return (
    <form onSubmit={onSubmit} className="mx-auto flex w-full max-w-md flex-col gap-3" noValidate>
      <section aria-label={t('payments.amount.label')} className="flex flex-col items-center">
        <output aria-live="polite" className="block w-full">
          <FitText
            text={primary}
            maxPx={56}
            minPx={22}
            className={cn('font-semibold tracking-tight', isEmpty && 'text-muted-foreground/70')}
          />
        </output>
        <button
          type="button"
          onClick={() => minorPerBtc !== null && dispatch({ type: 'switchUnit', minorPerBtc })}
          disabled={minorPerBtc === null}
          aria-label={otherUnitLabel}
          title={otherUnitLabel}
          className="mt-1 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full px-4 text-base text-muted-foreground tabular-nums outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/25 disabled:cursor-default disabled:hover:bg-transparent"
        >
          {price.isLoading ? <Spinner className="size-4" /> : <span>{secondary}</span>}
          {minorPerBtc !== null && <ArrowUpDown className="size-4" aria-hidden />}
        </button>
      </section>

      {price.isUnavailable && (
        <Alert variant="warning">
          <TriangleAlert aria-hidden />
          <AlertDescription className="flex flex-wrap items-center justify-between gap-2 text-warning-foreground">
            <span>{t('payments.amount.priceUnavailable')}</span>
            <Button type="button" size="sm" variant="outline" onClick={price.retry}>
              {t('common.retry')}
            </Button>
          </AlertDescription>
        </Alert>
      )}

      <label className="block">
        <span className="sr-only">{t('payments.memo.label')}</span>
        <Input
          value={state.memo}
          onChange={(event) => dispatch({ type: 'memo', memo: event.target.value })}
          maxLength={MAX_MEMO_LENGTH}
          placeholder={t('payments.memo.placeholder')}
          enterKeyHint="go"
          autoComplete="off"
          className="h-11 text-center text-base"
        />
      </label>

      {problem}

      {resolved.problem !== null && (
        <p role="alert" className="text-center text-sm font-medium text-destructive">
          {resolved.problem === 'tooSmall'
            ? t('payments.amount.tooSmall')
            : t('payments.amount.tooLarge', {
                max: t('payments.sats', { amount: formatSatNumber(MAX_PAYMENT_SAT) }),
              })}
        </p>
      )}

      <Keypad
        canDecimal={state.unit === 'fiat'}
        disabled={isCharging}
        onKey={(key) => dispatch({ type: 'key', key, now: Date.now() })}
      />

      <Button
        type="submit"
        size="lg"
        className="h-14 w-full text-lg"
        disabled={!canCharge}
        isLoading={isCharging}
      >
        {isEmpty ? t('payments.charge') : t('payments.chargeAmount', { amount: chargeLabel })}
      </Button>
    </form>
  )
}

/** A reason no payment can be taken right now, with what can be done about it. */
export function ChargeProblem({
  title,
  message,
  action,
}: {
  title: string
  message: string
  action?: ReactNode
}) {
  return (
    <Alert variant="destructive">
      <TriangleAlert aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>{message}</p>
        {action && <div>{action}</div>}
      </AlertDescription>
    </Alert>
  )
}

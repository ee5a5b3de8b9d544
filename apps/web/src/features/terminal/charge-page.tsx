/**
 * The keypad screen: the amount large (shrinking to fit) in the business's currency with sats
 * beneath (or the other way round after the toggle), digits from the pad or a keyboard, an
 * optional memo, the tip once there is an amount, the calculation line, and one button per
 * method the business's wallet takes (ecash opens its own screen, loaded when chosen).
 */
import { MAX_PAYMENT_SAT, type TerminalMethod } from '@app/domain'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { ArrowUpDown, Bitcoin, Coins, Zap } from 'lucide-react'
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isDigitKey, resolveAmount, type KeypadKey } from '@/components/payments/amount'
import { FitText } from '@/components/payments/fit-text'
import { Keypad } from '@/components/payments/keypad'
import {
  initialKeypadState,
  keypadReducer,
  MAX_MEMO_LENGTH,
} from '@/components/payments/keypad-state'
import { usePrice } from '@/components/payments/payment-data'
import { formatKeyedFiat } from '@/components/payments/payment-format'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { lazyAfterLoad } from '@/lib/lazy-component'
import { formatFiat, formatSatNumber } from '@/lib/money-format'
import { notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import type { EcashDue } from './ecash-charge'
import { NO_TIP, tipAmount, type TipChoice } from './tip'
import { newChargeKey, useTerminalMethods, useTerminalSettings } from './use-terminal'

function keypadKeyOf(event: KeyboardEvent): KeypadKey | null {
  if (isDigitKey(event.key)) return event.key
  if (event.key === '.' || event.key === ',') return 'decimal'
  if (event.key === 'Backspace') return 'backspace'
  if (event.key === 'Escape' || event.key === 'Delete') return 'clear'
  return null
}

// shown only once there is an amount: loaded after the keypad shows
const TipPicker = lazyAfterLoad(() => import('./tip-picker').then((m) => m.TipPicker))

const EcashCharge = lazy(() => import('./ecash-charge').then((m) => ({ default: m.EcashCharge })))

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)

export function ChargePage() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const settings = useTerminalSettings()
  const { currency, ...methods } = useTerminalMethods()
  const price = usePrice()
  const rate = price.data?.minorPerBtc[currency] ?? null
  const [state, dispatch] = useReducer(keypadReducer, initialKeypadState('fiat'))
  const [tip, setTip] = useState<TipChoice>(NO_TIP)
  const resolved = resolveAmount(state.entry, state.unit, rate)
  const keyed = state.unit === 'fiat' ? (resolved.fiatMinor ?? 0) : (resolved.sat ?? 0)
  const tipped = tipAmount(tip, keyed, state.unit)
  const total = keyed + tipped
  const show = (n: number) =>
    state.unit === 'fiat'
      ? formatFiat(n, currency)
      : t('payments.sats', { amount: formatSatNumber(n) })

  const pending = useRef<{ fingerprint: string; key: string } | null>(null)
  const charge = useMutation(trpc.terminal.charge.mutationOptions())
  const canCharge = resolved.charge !== null && resolved.problem === null && !charge.isPending
  const start = (method: TerminalMethod) => {
    if (!canCharge) return
    const amount = state.unit === 'fiat' ? { fiatMinor: keyed } : { sat: keyed }
    const input = { amount, tip: tipped, memo: state.memo.trim(), method }
    const fingerprint = JSON.stringify(input)
    if (pending.current?.fingerprint !== fingerprint) {
      pending.current = { fingerprint, key: newChargeKey() }
    }
    charge.mutate(
      { ...input, idempotencyKey: pending.current.key },
      {
        onSuccess: (payment) => {
          pending.current = null
          void navigate({ to: '/terminal', search: { payment: payment.id } })
        },
        onError: (error) => notifyError(error, t('terminal.charge.failed')),
      },
    )
  }

  const [ecash, setEcash] = useState<EcashDue | null>(null)
  const startEcash = () => {
    if (!canCharge) return
    const amount = state.unit === 'fiat' ? { fiatMinor: keyed } : { sat: keyed }
    setEcash({
      amount,
      tip: tipped,
      memo: state.memo.trim(),
      total,
      totalText: show(total),
      minorPerBtc: rate,
    })
  }

  const latest = useRef({ start, methods, isEcashOpen: false })
  useEffect(() => {
    latest.current = { start, methods, isEcashOpen: ecash !== null }
  })
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (latest.current.isEcashOpen) return
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return
      if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault()
        const { methods: m } = latest.current
        latest.current.start(m.lightning ? 'lightning' : 'onchain')
        return
      }
      const key = keypadKeyOf(event)
      if (!key) return
      event.preventDefault()
      dispatch({ type: 'key', key, now: Date.now() })
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  const primary =
    state.unit === 'fiat'
      ? formatKeyedFiat(state.entry, currency)
      : t('payments.sats', { amount: formatSatNumber(resolved.sat ?? 0) })
  const secondary =
    state.unit === 'fiat'
      ? resolved.sat === null
        ? ''
        : t('payments.sats', { amount: formatSatNumber(resolved.sat) })
      : resolved.fiatMinor === null
        ? ''
        : formatFiat(resolved.fiatMinor, currency)

  if (ecash) {
    return (
      <Suspense
        fallback={
          <div className="flex flex-1 items-center justify-center">
            <Spinner className="size-8" />
          </div>
        }
      >
        <EcashCharge
          due={ecash}
          onBack={() => setEcash(null)}
          onTaken={(paymentId) =>
            void navigate({ to: '/terminal', search: { payment: paymentId } })
          }
        />
      </Suspense>
    )
  }

  const methodCount = [methods.lightning, methods.onchain, methods.ecash].filter(Boolean).length
  return (
    <div className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-4 p-4 md:grid-cols-2 md:gap-8 md:p-6">
      <section aria-label={t('payments.amount.label')} className="grid content-start gap-3">
        <output aria-live="polite" className="block w-full text-center">
          <FitText
            text={primary}
            maxPx={64}
            minPx={24}
            className={cn(
              'font-semibold tracking-tight',
              keyed === 0 && 'text-muted-foreground/70',
            )}
          />
        </output>
        <button
          type="button"
          disabled={rate === null}
          onClick={() => rate !== null && dispatch({ type: 'switchUnit', minorPerBtc: rate })}
          aria-label={t('terminal.charge.switchUnit')}
          className="mx-auto inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-base text-muted-foreground tabular-nums hover:bg-accent"
        >
          {secondary}
          <ArrowUpDown className="size-4" aria-hidden />
        </button>
        <Input
          value={state.memo}
          onChange={(e) => dispatch({ type: 'memo', memo: e.target.value })}
          maxLength={MAX_MEMO_LENGTH}
          placeholder={t('payments.memo.placeholder')}
          aria-label={t('payments.memo.label')}
          className="h-11 text-center text-base"
        />
        {keyed > 0 && (
          <Suspense fallback={null}>
            <TipPicker
              percents={settings.tipPercents}
              choice={tip}
              onChoice={setTip}
              unitLabel={state.unit === 'fiat' ? currency : 'sats'}
            />
          </Suspense>
        )}
        {keyed > 0 && (
          <p className="text-center text-base tabular-nums" data-testid="calculation">
            {tipped > 0
              ? t('terminal.charge.calculation', {
                  amount: show(keyed),
                  tip: show(tipped),
                  total: show(total),
                })
              : t('terminal.charge.total', { total: show(total) })}
          </p>
        )}
        {resolved.problem && (
          <p role="alert" className="text-center text-sm font-medium text-destructive">
            {resolved.problem === 'tooSmall'
              ? t('payments.amount.tooSmall')
              : t('payments.amount.tooLarge', {
                  max: t('payments.sats', { amount: formatSatNumber(MAX_PAYMENT_SAT) }),
                })}
          </p>
        )}
      </section>
      <section className="grid content-start gap-3">
        <Keypad
          canDecimal={state.unit === 'fiat'}
          disabled={charge.isPending}
          onKey={(key) => dispatch({ type: 'key', key, now: Date.now() })}
        />
        <div
          className={cn(
            'grid grid-cols-1 gap-2',
            // side by side on a phone too: every method shows without scrolling
            methodCount === 2 && 'grid-cols-2',
            methodCount === 3 && 'grid-cols-3 md:grid-cols-1 lg:grid-cols-3',
          )}
        >
          {methods.lightning && (
            <Button
              size="lg"
              className="h-14 px-2 text-base sm:px-6 sm:text-lg"
              disabled={!canCharge}
              isLoading={charge.isPending && charge.variables.method === 'lightning'}
              onClick={() => start('lightning')}
            >
              <Zap aria-hidden />
              {t('terminal.method.lightning')}
            </Button>
          )}
          {methods.onchain && (
            <Button
              size="lg"
              variant={methods.lightning ? 'outline' : 'primary'}
              className="h-14 px-2 text-base sm:px-6 sm:text-lg"
              disabled={!canCharge}
              isLoading={charge.isPending && charge.variables.method === 'onchain'}
              onClick={() => start('onchain')}
            >
              <Bitcoin aria-hidden />
              {t('terminal.method.onchain')}
            </Button>
          )}
          {methods.ecash && (
            <Button
              size="lg"
              variant="outline"
              className="h-14 px-2 text-base sm:px-6 sm:text-lg"
              disabled={!canCharge}
              onClick={startEcash}
            >
              <Coins aria-hidden />
              {t('terminal.method.ecash')}
            </Button>
          )}
          {methodCount === 0 && (
            <p role="alert" className="text-center text-sm text-destructive sm:col-span-2">
              {t('terminal.charge.noMethods')}
            </p>
          )}
        </div>
      </section>
    </div>
  )
}

/** @jsxImportSource preact */
/**
 * An invoice's checkout: what to pay and how (one BIP21 QR for Lightning and on-chain, copy
 * buttons, a wallet link, a Cashu token), the countdown on the server's clock, and each outcome
 * as the server reports it live. `CheckoutScreen` draws one moment; `CheckoutPage` keeps it live.
 */
import { useEffect, useState } from 'preact/hooks'
import {
  CHECKOUT_API,
  checkoutPath,
  paymentLinkPath,
  satToBtcFixed,
  type TCheckout,
} from '@app/domain'
import { CheckoutApiError, followCheckout, postJson } from './api'
import { formatAmount, formatSats } from './format'
import { currentLanguage, errorText, t } from './i18n'
import { QrCode } from './qr'
import { Shell, StateMark } from './shell'
import {
  checkoutView,
  clockOffset,
  formatCountdown,
  isFinal,
  safeRedirectUrl,
  secondsLeft,
  walletHref,
  type CheckoutView,
} from './view'

/** A paid customer is sent back to the shop after this long, unless they choose to stay. */
export const REDIRECT_SECONDS = 5

/** The checkout the countdown has run out on reads as expired before the server says so. */
export function effectiveCheckout(checkout: TCheckout, offset: number, now: number): TCheckout {
  const lapsed = secondsLeft(checkout.expiresAt, offset, now) === 0
  return lapsed && checkout.status === 'new' && checkout.exception === null
    ? { ...checkout, status: 'expired' }
    : checkout
}

/** The words a screen reader says when the checkout's state changes. */
export function headline(view: CheckoutView): string {
  return t(`state.${view.kind}.title`)
}

interface ScreenProps {
  checkout: TCheckout
  /** the server's clock minus this device's (ms) */
  offset: number
  now: number
  /** seconds until the customer is sent back to the shop; null when not counting */
  redirectIn?: number | null
  onStay?: () => void
  onChange?: (checkout: TCheckout) => void
}

export function CheckoutScreen(props: ScreenProps) {
  const { checkout } = props
  const view = checkoutView(checkout)
  return (
    <Shell business={checkout.business}>
      <Amount checkout={checkout} />
      {view.kind === 'pay' ? <PayPanel {...props} /> : <Outcome view={view} {...props} />}
    </Shell>
  )
}

function Amount({ checkout }: { checkout: TCheckout }) {
  return (
    <section class="amount" aria-label={t('amount.label')}>
      <p class="amount-main">{formatAmount(checkout.amount, checkout.currency)}</p>
      {checkout.currency !== 'SAT' && (
        <p class="amount-sats">{t('amount.approx', { sats: formatSats(checkout.amountSat) })}</p>
      )}
      {checkout.description && <p class="description">{checkout.description}</p>}
    </section>
  )
}

function PayPanel({ checkout, offset, now, onChange }: ScreenProps) {
  const href = walletHref(checkout)
  const left = secondsLeft(checkout.expiresAt, offset, now)
  const qrValue = checkout.bip21 ?? checkout.lightningInvoice ?? checkout.address
  return (
    <section class="pay" aria-labelledby="pay-title">
      <h1 id="pay-title" class="sr-only">
        {t('state.pay.title')}
      </h1>
      {qrValue && (
        <div class="qr-box">
          <QrCode
            value={checkout.bip21 ?? qrValue}
            label={t('pay.qrLabel', { amount: formatAmount(checkout.amount, checkout.currency) })}
          />
          <p class="hint">{t('pay.scan')}</p>
        </div>
      )}
      {href && (
        <a class="button primary" href={href}>
          {t('pay.openWallet')}
        </a>
      )}
      <div class="copies">
        {checkout.lightningInvoice && (
          <CopyButton label={t('pay.copyInvoice')} value={checkout.lightningInvoice} />
        )}
        {checkout.address && <CopyButton label={t('pay.copyAddress')} value={checkout.address} />}
        <CopyButton label={t('pay.copyAmount')} value={satToBtcFixed(checkout.amountSat)} />
      </div>
      <p class="countdown">
        <StateMark tone="waiting" />
        <span>{t('pay.expiresIn', { time: formatCountdown(left) })}</span>
      </p>
      {checkout.acceptsEcash && <EcashForm checkout={checkout} onChange={onChange} />}
    </section>
  )
}

function CopyButton({ label, value }: { label: string; value: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state !== 'copied') return
    const timer = setTimeout(() => setState('idle'), 2000)
    return () => clearTimeout(timer)
  }, [state])
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  }
  return (
    <div class="copy">
      <button type="button" class="button secondary" onClick={copy}>
        {label}
      </button>
      <span class="copy-status" aria-live="polite">
        {state === 'copied' ? t('pay.copied') : ''}
      </span>
      {state === 'failed' && (
        <label class="field">
          <span>{t('pay.copyFailed')}</span>
          <input readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        </label>
      )}
    </div>
  )
}

function EcashForm({
  checkout,
  onChange,
}: {
  checkout: TCheckout
  onChange?: (checkout: TCheckout) => void
}) {
  const [token, setToken] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = (event: Event) => {
    event.preventDefault()
    if (busy) return
    if (token.trim().length < 10) {
      setError(errorText('ECASH_TOKEN_INVALID'))
      return
    }
    setBusy(true)
    setError(null)
    postJson<TCheckout>(CHECKOUT_API.ecash(checkout.id), { token: token.trim() })
      .then((next) => onChange?.(next))
      .catch((err: unknown) =>
        setError(errorText(err instanceof CheckoutApiError ? err.code : 'INTERNAL')),
      )
      .finally(() => setBusy(false))
  }
  return (
    <details class="ecash">
      <summary>{t('ecash.title')}</summary>
      <form onSubmit={submit} noValidate>
        <label class="field" for="ecash-token">
          {t('ecash.label')}
        </label>
        <textarea
          id="ecash-token"
          rows={3}
          value={token}
          spellcheck={false}
          autocomplete="off"
          aria-describedby={error ? 'ecash-error' : 'ecash-hint'}
          aria-invalid={error ? true : undefined}
          onInput={(e) => setToken(e.currentTarget.value)}
        />
        {error ? (
          <p id="ecash-error" class="error" role="alert">
            {error}
          </p>
        ) : (
          <p id="ecash-hint" class="hint">
            {t('ecash.hint', { amount: formatSats(checkout.amountSat) })}
          </p>
        )}
        <button type="submit" class="button primary" disabled={busy}>
          {busy ? t('ecash.submitting') : t('ecash.submit')}
        </button>
      </form>
    </details>
  )
}

const TONES = {
  processing: 'waiting',
  settled: 'success',
  expired: 'error',
  invalid: 'error',
  partial: 'warning',
  pay: 'waiting',
} as const

function Outcome({ view, checkout, redirectIn, onStay }: ScreenProps & { view: CheckoutView }) {
  const business = checkout.business.name
  const received = formatSats(checkout.receivedSat)
  const expected = formatSats(checkout.amountSat)
  const values = { business, received, expected }
  const redirect = view.kind === 'settled' ? safeRedirectUrl(checkout.redirectUrl) : null
  return (
    <section class={`outcome outcome-${view.kind}`}>
      <StateMark tone={TONES[view.kind]} />
      <h1>{headline(view)}</h1>
      <p>{t(`state.${view.kind}.detail`, values)}</p>
      {checkout.exception === 'paid_over' && <p class="note">{t('exception.paid_over', values)}</p>}
      {checkout.exception === 'paid_late' && <p class="note">{t('exception.paid_late', values)}</p>}
      {view.kind === 'expired' && checkout.paymentLinkId && (
        <NewInvoiceButton linkId={checkout.paymentLinkId} />
      )}
      {redirect && (
        <div class="redirect">
          <a class="button primary" href={redirect}>
            {t('settled.back', { business })}
          </a>
          {redirectIn != null && (
            <p class="hint">
              {t('settled.redirecting', { business, seconds: redirectIn })}{' '}
              <button type="button" class="link-button" onClick={onStay}>
                {t('settled.stay')}
              </button>
            </p>
          )}
        </div>
      )}
      {view.kind === 'settled' && <Receipt checkout={checkout} />}
    </section>
  )
}

function Receipt({ checkout }: { checkout: TCheckout }) {
  const date = checkout.settledAt ? new Date(checkout.settledAt) : null
  return (
    <section class="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">{t('receipt.title')}</h2>
      <dl>
        <dt>{t('receipt.amount')}</dt>
        <dd>{formatAmount(checkout.amount, checkout.currency)}</dd>
        <dt>{t('receipt.paid')}</dt>
        <dd>{formatSats(checkout.receivedSat || checkout.amountSat)}</dd>
        {date && !Number.isNaN(date.getTime()) && (
          <>
            <dt>{t('receipt.date')}</dt>
            <dd>
              {new Intl.DateTimeFormat(currentLanguage(), {
                dateStyle: 'medium',
                timeStyle: 'short',
              }).format(date)}
            </dd>
          </>
        )}
        {checkout.description && (
          <>
            <dt>{t('receipt.description')}</dt>
            <dd>{checkout.description}</dd>
          </>
        )}
        <dt>{t('receipt.invoice')}</dt>
        <dd class="mono">{checkout.id}</dd>
      </dl>
    </section>
  )
}

/** An expired invoice of a payment link: a fresh one from the same link, opened at once. */
function NewInvoiceButton({ linkId }: { linkId: string }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const renew = () => {
    setBusy(true)
    setError(null)
    postJson<TCheckout>(CHECKOUT_API.linkUse(linkId), {})
      .then((next) => location.assign(checkoutPath(next.id)))
      .catch((err: unknown) => {
        setBusy(false)
        const code = err instanceof CheckoutApiError ? err.code : 'INTERNAL'
        // an open amount is asked on the link's own page
        if (code === 'VALIDATION' || code === 'BAD_REQUEST')
          location.assign(paymentLinkPath(linkId))
        else setError(errorText(code))
      })
  }
  return (
    <div>
      <button type="button" class="button primary" disabled={busy} onClick={renew}>
        {t('state.expired.renew')}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** The checkout kept live: the server's events, the countdown, the way back to the shop. */
export function CheckoutPage({ initial }: { initial: TCheckout }) {
  const [checkout, setCheckout] = useState(initial)
  const [offset, setOffset] = useState(() => clockOffset(initial.serverTime))
  const [now, setNow] = useState(() => Date.now())
  const [redirectIn, setRedirectIn] = useState<number | null>(null)
  const [stayed, setStayed] = useState(false)

  const update = (next: TCheckout) => {
    setCheckout(next)
    setOffset(clockOffset(next.serverTime))
  }

  const final = isFinal(checkout)
  useEffect(() => (final ? undefined : followCheckout(initial.id, update)), [initial.id, final])

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])

  const shown = effectiveCheckout(checkout, offset, now)
  const view = checkoutView(shown)
  // a change of state is said by screen readers (not the state the page opened on)
  const title = headline(view)
  const [openedOn] = useState(title)
  const announcement = title === openedOn ? '' : title

  const redirect =
    view.kind === 'settled' && !shown.exception ? safeRedirectUrl(shown.redirectUrl) : null
  useEffect(() => {
    if (!redirect || stayed) {
      setRedirectIn(null)
      return
    }
    const end = Date.now() + REDIRECT_SECONDS * 1000
    setRedirectIn(REDIRECT_SECONDS)
    const timer = setInterval(() => {
      const left = Math.ceil((end - Date.now()) / 1000)
      if (left <= 0) {
        clearInterval(timer)
        location.assign(redirect)
      } else setRedirectIn(left)
    }, 250)
    return () => clearInterval(timer)
  }, [redirect, stayed])

  return (
    <>
      <CheckoutScreen
        checkout={shown}
        offset={offset}
        now={now}
        redirectIn={redirectIn}
        onStay={() => setStayed(true)}
        onChange={update}
      />
      <p class="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  )
}

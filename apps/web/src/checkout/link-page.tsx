/** @jsxImportSource preact */
/**
 * A payment link's page: its name, description and amount (or a field for the amount when the
 * link leaves it open); "Pay" makes an invoice of the link and opens its checkout. A closed link
 * says why.
 */
import { useState } from 'preact/hooks'
import { CHECKOUT_API, checkoutPath, type TCheckout, type TPaymentLinkPage } from '@app/domain'
import { CheckoutApiError, postJson } from './api'
import { formatAmount, parseAmountInput } from './format'
import { errorText, t } from './i18n'
import { Shell, StateMark } from './shell'

export function LinkPage({ link }: { link: TPaymentLinkPage }) {
  const [amountText, setAmountText] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const open = link.amount === null

  const pay = (event: Event) => {
    event.preventDefault()
    if (busy) return
    const amount = open ? parseAmountInput(amountText, link.currency) : null
    if (open && amount === null) {
      setError(t('link.amountInvalid'))
      return
    }
    setBusy(true)
    setError(null)
    postJson<TCheckout>(CHECKOUT_API.linkUse(link.id), open ? { amount } : {})
      .then((invoice) => location.assign(checkoutPath(invoice.id)))
      .catch((err: unknown) => {
        setBusy(false)
        setError(errorText(err instanceof CheckoutApiError ? err.code : 'INTERNAL'))
      })
  }

  return (
    <Shell business={link.business}>
      <section class="amount">
        <h1 class="link-name">{link.name}</h1>
        {link.amount !== null && (
          <p class="amount-main">{formatAmount(link.amount, link.currency)}</p>
        )}
        {link.description && <p class="description">{link.description}</p>}
      </section>
      {link.closed ? (
        <section class="outcome">
          <StateMark tone="error" />
          <p role="status">{t(`link.closed.${link.closed}`)}</p>
        </section>
      ) : (
        <form class="pay" onSubmit={pay} noValidate>
          {open && (
            <>
              <label class="field" for="link-amount">
                {t('link.amountLabel', {
                  currency: link.currency === 'SAT' ? t('link.sats') : link.currency,
                })}
              </label>
              <input
                id="link-amount"
                class="amount-input"
                inputMode={link.currency === 'SAT' ? 'numeric' : 'decimal'}
                autocomplete="off"
                value={amountText}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'link-error' : undefined}
                onInput={(e) => setAmountText(e.currentTarget.value)}
              />
            </>
          )}
          {error && (
            <p id="link-error" class="error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" class="button primary" disabled={busy}>
            {busy ? t('link.paying') : t('link.pay')}
          </button>
        </form>
      )}
    </Shell>
  )
}

/** @jsxImportSource preact */
/**
 * The checkout bundle's entry (`checkout.html`): `/pay/{invoiceId}` and `/l/{linkId}`, for a
 * customer's phone. Preact, not the dashboard's React: the first load stays within 60 KB of
 * script (see docs/decisions.md). Texts and the invoice load side by side.
 */
import { render } from 'preact'
import {
  CHECKOUT_API,
  CHECKOUT_PATH_PREFIX,
  PAYMENT_LINK_PATH_PREFIX,
  type TCheckout,
  type TPaymentLinkPage,
} from '@app/domain'
import { CheckoutApiError, getJson } from './api'
import { CheckoutPage } from './checkout-page'
import { errorText, loadMessages, pickLanguage, t } from './i18n'
import { LinkPage } from './link-page'
import { Shell, StateMark } from './shell'
import './checkout.css'

function Failed({ error }: { error: unknown }) {
  const code = error instanceof CheckoutApiError ? error.code : 'INTERNAL'
  const notFound = code === 'NOT_FOUND'
  return (
    <Shell business={null}>
      <section class="outcome">
        <StateMark tone="error" />
        <h1>{notFound ? t('notFound.title') : t('loadFailed.title')}</h1>
        <p>{notFound ? t('notFound.detail') : errorText(code)}</p>
        {!notFound && (
          <button type="button" class="button primary" onClick={() => location.reload()}>
            {t('loadFailed.retry')}
          </button>
        )}
      </section>
    </Shell>
  )
}

async function start(root: HTMLElement) {
  const lng = pickLanguage(navigator.languages.length ? navigator.languages : [navigator.language])
  document.documentElement.lang = lng
  const path = location.pathname
  const isInvoice = path.startsWith(CHECKOUT_PATH_PREFIX)
  const prefix = isInvoice ? CHECKOUT_PATH_PREFIX : PAYMENT_LINK_PATH_PREFIX
  const id = decodeURIComponent(path.slice(prefix.length).split('/')[0] ?? '')
  const data = isInvoice
    ? getJson<TCheckout>(CHECKOUT_API.invoice(id))
    : getJson<TPaymentLinkPage>(CHECKOUT_API.link(id))
  const [, answer] = await Promise.all([loadMessages(lng), data.catch((err: unknown) => err)])
  root.removeAttribute('aria-busy')
  // the page's loading mark goes (render keeps what it did not put there)
  root.textContent = ''
  if (answer instanceof Error || !answer) {
    document.title = t('notFound.title')
    render(<Failed error={answer} />, root)
    return
  }
  const name = (answer as { business: { name: string } }).business.name
  document.title = t('title', { business: name })
  render(
    isInvoice ? (
      <CheckoutPage initial={answer as TCheckout} />
    ) : (
      <LinkPage link={answer as TPaymentLinkPage} />
    ),
    root,
  )
}

const root = document.getElementById('checkout')
if (root) void start(root)

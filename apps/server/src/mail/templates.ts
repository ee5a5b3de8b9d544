/**
 * Every mail the product sends: its data per template name (typed, so a caller cannot forget a
 * field), and its words in each language mail is written in (`texts-*.ts`). The words live here,
 * on the server, and nowhere else (docs/decisions.md): a mail is written when it is sent, far
 * from the browser that caused it.
 */
import { MAIL_TEXTS } from './texts'

export const MAIL_LOCALES = ['en', 'de', 'es', 'fr'] as const
export type MailLocale = (typeof MAIL_LOCALES)[number]

/** The language of a mail: the recipient's when it is one mail exists in, English otherwise. */
export function mailLocale(value: string | null | undefined): MailLocale {
  const base = (value ?? '').split(/[-_]/)[0]?.toLowerCase() ?? ''
  return (MAIL_LOCALES as readonly string[]).includes(base) ? (base as MailLocale) : 'en'
}

/** What happened, for a security notice to the account (`security-notice`). */
export const SECURITY_EVENTS = [
  'new-sign-in',
  'password-changed',
  'two-factor-enabled',
  'two-factor-disabled',
  'passkey-added',
  'passkey-removed',
  'payout-sent',
  'wallet-replaced',
  'device-login-created',
  'api-key-created',
  'member-added',
  'member-removed',
] as const
export type SecurityEvent = (typeof SECURITY_EVENTS)[number]

/** Each template's data. Times are ISO 8601 strings (the data is stored as JSON). */
export interface MailTemplateData {
  invitation: {
    inviterName: string
    businessName: string
    /** owner, admin, manager or accountant (shown in the recipient's language) */
    role: string
    acceptUrl: string
    expiresAt: string
  }
  'password-reset': { resetUrl: string; expiresInMinutes: number }
  'verify-email': { verifyUrl: string }
  /** to the new address: the change happens when this link is opened */
  'email-change-confirm': { confirmUrl: string; newEmail: string; expiresInMinutes: number }
  /** to the old address, once the change is made */
  'email-changed': { newEmail: string }
  'security-notice': {
    event: SecurityEvent
    /** when it happened */
    at: string
    /** the business concerned, when there is one */
    businessName?: string
    /** a browser, a device's name, a member's email address: what the event names */
    subject?: string
    /** an amount as the recipient should read it ("50,000 sats") */
    amount?: string
    /** where it came from (an IP address) */
    from?: string
  }
  /** to an owner who chose it: a business's settled sales of one day */
  'daily-summary': DailySummaryData
}

/** How a business sold by one payment method on the day of a daily summary. */
export interface DailySummaryMethod {
  method: 'lightning' | 'onchain' | 'ecash' | 'tip'
  count: number
  amountSat: number
  fiatMinor: number
}

export interface DailySummaryData {
  businessName: string
  /** the day summed, YYYY-MM-DD (a UTC day, as the sales dashboard's) */
  day: string
  /** the business's currency, in which `fiatMinor` amounts are (in cents) */
  currency: string
  /** payments settled that day; 0: the mail says nothing was sold */
  count: number
  amountSat: number
  fiatMinor: number
  /** the tips among them (tip pages and tips added at a terminal) */
  tips: { count: number; amountSat: number; fiatMinor: number }
  /** per payment method, the largest amount first; methods without sales are left out */
  methods: DailySummaryMethod[]
  dashboardUrl: string
}

export type MailTemplateName = keyof MailTemplateData
export const MAIL_TEMPLATE_NAMES = Object.keys(MAIL_TEXTS) as MailTemplateName[]

/** A mail to send: to whom, in which language, which template with its data. */
export type Mail = {
  [K in MailTemplateName]: { to: string; locale: string; template: K; data: MailTemplateData[K] }
}[MailTemplateName]

/** What a language's words for a template give: the parts the layout puts together. */
export interface MailContent {
  subject: string
  /** the greeting and paragraphs, in order (a line break within one stays a line break) */
  paragraphs: string[]
  /** the one link the mail is about */
  action?: { label: string; url: string }
  /** a closing line in smaller type (why the mail came, what to do if it was not you) */
  note?: string
}

export interface TextHelpers {
  brand: string
  /** a date and time in the mail's language (UTC) */
  dateTime(iso: string): string
}

export type TemplateTexts = {
  [K in MailTemplateName]: Record<
    MailLocale,
    (data: MailTemplateData[K], h: TextHelpers) => MailContent
  >
}

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

/** A mail's subject, plain text and HTML in the language given, with the brand's name. */
export function renderMail(
  mail: { template: MailTemplateName; locale: string; data: unknown },
  opts: { brand: string },
): RenderedMail {
  const locale = mailLocale(mail.locale)
  const texts = MAIL_TEXTS[mail.template] as Record<
    MailLocale,
    (data: unknown, h: TextHelpers) => MailContent
  >
  if (!texts) throw new Error(`unknown mail template ${mail.template}`)
  const dateFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  })
  const helpers: TextHelpers = {
    brand: opts.brand,
    dateTime: (iso) => `${dateFormat.format(new Date(iso))} UTC`,
  }
  const c = texts[locale](mail.data, helpers)
  const subject = `${c.subject} · ${opts.brand}`

  const text = [
    ...c.paragraphs,
    ...(c.action ? [`${c.action.label}:\n${c.action.url}`] : []),
    ...(c.note ? [c.note] : []),
    `— ${opts.brand}`,
  ].join('\n\n')

  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2328">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`
  const button = c.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="display:inline-block;background:#f7931a;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(c.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#57606a;word-break:break-all">${escapeHtml(c.action.url)}</p>`
    : ''
  const note = c.note
    ? `<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#57606a">${escapeHtml(c.note)}</p>`
    : ''
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f8fa;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="font-size:18px;font-weight:700;color:#1f2328;margin:0 0 16px">${escapeHtml(opts.brand)}</div>
<div style="background:#ffffff;border:1px solid #d0d7de;border-radius:12px;padding:24px">
${c.paragraphs.map(p).join('\n')}
${button}${note}
</div>
</div>
</body></html>`
  return { subject, text, html }
}

/**
 * The checkout's texts: the customer's browser language among the product's (en, de, es, fr,
 * nl), from a small file of its own per language (`/locales/<lng>/checkout.json`), not the
 * dashboard's whole translation. `{{name}}` placeholders as i18next writes them.
 */
import { checkoutLanguage, checkoutMessagesPath, type TerminalLanguage } from '@app/domain'

export type Messages = { [key: string]: string | Messages }

let language: TerminalLanguage = 'en'
let messages: Messages = {}

/** The first of the browser's languages the checkout has (`de-AT` is `de`), else English. */
export const pickLanguage = (preferred: readonly string[]) => checkoutLanguage(preferred)

export const messagesUrl = checkoutMessagesPath

/** The language's texts; English when they cannot be had. */
export async function loadMessages(lng: TerminalLanguage): Promise<Messages> {
  for (const candidate of lng === 'en' ? ['en' as const] : [lng, 'en' as const]) {
    try {
      const res = await fetch(messagesUrl(candidate))
      if (res.ok) {
        setMessages(candidate, (await res.json()) as Messages)
        return messages
      }
    } catch {
      // offline or blocked: try English, then show the keys
    }
  }
  return messages
}

export function setMessages(lng: TerminalLanguage, next: Messages): void {
  language = lng
  messages = next
}

export const currentLanguage = (): TerminalLanguage => language

/** The text at `key` ("status.paid") with its placeholders filled; the key when it is missing. */
export function t(key: string, values: Record<string, string | number> = {}): string {
  let node: string | Messages | undefined = messages
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined
  }
  if (typeof node !== 'string') return key
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

/** The customer's text for a refusal's code (`{ error, code }`), or a general one. */
export function errorText(code: string): string {
  const key = `errors.${code}`
  const text = t(key)
  return text === key ? t('errors.generic') : text
}

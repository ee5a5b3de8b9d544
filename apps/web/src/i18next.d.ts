import 'i18next'
import type translation from '../public/locales/en/translation.json'

// Every key passed to t() is checked against the English file at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof translation }
  }
}

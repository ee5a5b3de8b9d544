/**
 * Interface text: i18next with translations fetched from /locales/<lng>/translation.json
 * (served by the server from apps/web/public), language detected from the URL (?lng=), cookie,
 * storage or the browser, and English whenever a language or a key is missing.
 */
import i18n from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import HttpBackend from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'

export const SUPPORTED_LANGUAGES = ['en', 'de', 'es', 'fr'] as const
export type Language = (typeof SUPPORTED_LANGUAGES)[number]
export const FALLBACK_LANGUAGE: Language = 'en'

export function isLanguage(value: string): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
}

/** The supported language in use, ignoring any region part ("de-AT" -> "de"). */
export function currentLanguage(): Language {
  const base = (i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE).split('-')[0] ?? ''
  return isLanguage(base) ? base : FALLBACK_LANGUAGE
}

export async function initI18n(): Promise<void> {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng
  })
  await i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      // A translation file that fails to load is fetched again a few times before giving up.
      maxRetries: 3,
      retryTimeout: 500,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        caches: ['localStorage', 'cookie'],
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    })
}

export { i18n }

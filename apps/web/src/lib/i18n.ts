/**
 * Interface text: i18next with translations fetched from /locales/<lng>/translation.json
 * (served by the server from apps/web/public), language detected from the URL (?lng=), cookie,
 * storage or the browser, and English whenever a language or a key is missing. The detector and
 * the loader are the few lines below rather than i18next's plugins, which weigh more than the
 * first load of a page can afford.
 */
import { isTerminalLanguage, TERMINAL_LANGUAGES, type TerminalLanguage } from '@app/domain'
import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next'
import { initReactI18next } from 'react-i18next'

export const SUPPORTED_LANGUAGES = ['en', 'de', 'es', 'fr'] as const
type Language = (typeof SUPPORTED_LANGUAGES)[number]
const FALLBACK_LANGUAGE: Language = 'en'

export function isLanguage(value: string): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
}

/** The supported language in use, ignoring any region part ("de-AT" -> "de"). */
export function currentLanguage(): Language {
  const base = (i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE).split('-')[0] ?? ''
  return isLanguage(base) ? base : FALLBACK_LANGUAGE
}

/**
 * The language dates, times and numbers are written in: the one in use, Dutch included (the
 * terminal's screens, receipts and reports exist in Dutch; the dashboard's pages do not).
 */
export function currentLocale(): TerminalLanguage {
  const base = (i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE).split('-')[0] ?? ''
  return isTerminalLanguage(base) ? base : FALLBACK_LANGUAGE
}

let regionCurrency: string | null = null

/**
 * The currency of the business whose screens these are: dates follow its country (see
 * `format.ts`); null, the language alone decides.
 */
export function setDateRegion(currency: string | null | undefined): void {
  regionCurrency = currency ?? null
}

export function dateRegionCurrency(): string | null {
  return regionCurrency
}

/** Where a chosen language is remembered (the names i18next's own detector used). */
const COOKIE = 'i18next'
const STORAGE_KEY = 'i18nextLng'
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return undefined
}

function readStorage(storage: () => Storage): string | undefined {
  try {
    return storage().getItem(STORAGE_KEY) ?? undefined
  } catch {
    return undefined // storage blocked (private mode, sandbox)
  }
}

/** The user's language candidates, most explicit first: ?lng=, cookie, storage, browser, page. */
function detectLanguages(): string[] {
  const candidates = [
    new URLSearchParams(window.location.search).get('lng') ?? undefined,
    readCookie(COOKIE),
    readStorage(() => window.localStorage),
    readStorage(() => window.sessionStorage),
    ...(navigator.languages ?? []),
    navigator.language,
    document.documentElement.lang,
  ]
  return candidates.filter(
    (lng): lng is string =>
      typeof lng === 'string' && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(lng),
  )
}

/**
 * The language a customer's page (a receipt opened from its QR code) is shown in: the first of
 * the customer's languages that the terminal's screens exist in, Dutch included.
 */
export function customerLanguage(candidates: string[] = detectLanguages()): TerminalLanguage {
  for (const lng of candidates) {
    const base = (lng.split(/[-_]/)[0] ?? '').toLowerCase()
    if (isTerminalLanguage(base)) return base
  }
  return FALLBACK_LANGUAGE
}

const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  // A language only the terminal has (Dutch) never opens the dashboard; the terminal's own
  // screens (and its staff member's language) may be in it.
  detect: () => {
    const isTerminal = window.location.pathname.startsWith('/terminal')
    return detectLanguages().filter((lng) => {
      const base = lng.split(/[-_]/)[0] ?? ''
      return isLanguage(base) || (isTerminal && isTerminalLanguage(base))
    })
  },
  cacheUserLanguage(lng) {
    try {
      window.localStorage.setItem(STORAGE_KEY, lng)
    } catch {
      // storage blocked: the cookie still remembers
    }
    document.cookie = `${COOKIE}=${encodeURIComponent(lng)}; path=/; max-age=${COOKIE_MAX_AGE_SECONDS}; samesite=strict`
  },
}

/** Fetches /locales/<lng>/<ns>.json; a failed fetch or a server error is retried by i18next. */
const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    fetch(`/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`)
      .then(async (res) => {
        if (!res.ok) {
          // a missing language is final; a struggling server may answer next time
          callback(new Error(`translations ${language}: HTTP ${res.status}`), res.status >= 500)
          return
        }
        callback(null, (await res.json()) as Record<string, unknown>)
      })
      .catch((error: unknown) => callback(error as Error, true))
  },
}

export async function initI18n(): Promise<void> {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng
  })
  await i18n
    .use(backend)
    .use(detector)
    .use(initReactI18next)
    .init({
      fallbackLng: FALLBACK_LANGUAGE,
      // The terminal's screens also exist in Dutch (a staff language); the dashboard's do not.
      supportedLngs: [...TERMINAL_LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      // A translation file that fails to load is fetched again a few times before giving up.
      maxRetries: 3,
      retryTimeout: 500,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    })
}

export { i18n }

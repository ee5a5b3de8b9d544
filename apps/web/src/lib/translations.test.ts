/**
 * The four locale files hold the same keys, and every key the code asks for exists in English
 * (the language every other one falls back to).
 */
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '@app/domain'
import { APP_ERROR_CODES } from './app-error'
import { SUPPORTED_LANGUAGES } from './i18n'

type Tree = { [key: string]: string | Tree }

const localeFiles = import.meta.glob<Tree>('/public/locales/*/translation.json', {
  eager: true,
  import: 'default',
})
const sourceFiles = import.meta.glob<string>(
  // the checkout's texts are its own files (checkout.json), checked by src/checkout/i18n.test.ts
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.ts', '!/src/routeTree.gen.ts', '!/src/checkout/**'],
  { eager: true, query: '?raw', import: 'default' },
)

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') entries.set(path, value)
    else for (const [k, v] of flatten(value, path)) entries.set(k, v)
  }
  return entries
}

function locale(lng: string): Map<string, string> {
  const tree = localeFiles[`/public/locales/${lng}/translation.json`]
  if (!tree) throw new Error(`public/locales/${lng}/translation.json is missing`)
  return flatten(tree)
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort()
}

const en = locale('en')

describe('locale files', () => {
  it.each(SUPPORTED_LANGUAGES.filter((lng) => lng !== 'en'))(
    '%s has exactly the keys of en',
    (lng) => {
      const other = locale(lng)
      const missing = [...en.keys()].filter((key) => !other.has(key))
      const extra = [...other.keys()].filter((key) => !en.has(key))
      expect({ missing, extra }).toEqual({ missing: [], extra: [] })
    },
  )

  it.each(SUPPORTED_LANGUAGES)('%s has no empty texts and keeps every placeholder', (lng) => {
    const other = locale(lng)
    const problems: string[] = []
    for (const [key, text] of other) {
      if (text.trim() === '') problems.push(`${key}: empty`)
      const expected = placeholders(en.get(key) ?? '')
      if (en.has(key) && placeholders(text).join() !== expected.join()) {
        problems.push(`${key}: placeholders ${placeholders(text).join()} ≠ ${expected.join()}`)
      }
    }
    expect(problems).toEqual([])
  })
})

describe('keys used in the code', () => {
  const used = new Set<string>()
  for (const source of Object.values(sourceFiles)) {
    // t('a.b'), i18n.t("a.b"), t(`a.b`) without interpolation: the literal keys.
    for (const match of source.matchAll(/\bt\(\s*(['"`])([\w.-]+)\1/g)) used.add(match[2] ?? '')
  }

  it('finds the keys it is meant to check', () => {
    expect(used.size).toBeGreaterThan(60)
    expect(used).toContain('auth.signIn.submit')
  })

  it('exist in en', () => {
    const has = (key: string) => en.has(key) || en.has(`${key}_one`) || en.has(`${key}_other`)
    expect([...used].filter((key) => !has(key)).sort()).toEqual([])
  })

  it('include a message for every error code and a name for every language', () => {
    const dynamic = [
      ...APP_ERROR_CODES.map((code) => `errors.${code}`),
      ...SUPPORTED_LANGUAGES.map((lng) => `languages.${lng}`),
    ]
    expect(dynamic.filter((key) => !en.has(key))).toEqual([])
  })
})

describe('the error catalogue', () => {
  it.each(SUPPORTED_LANGUAGES)('has a message for every code in %s', (lng) => {
    const texts = locale(lng)
    const missing = [...ERROR_CODES, 'NETWORK', 'UNKNOWN'].filter(
      (code) => !texts.get(`errors.${code}`)?.trim(),
    )
    expect(missing).toEqual([])
  })
})

/**
 * The checkout's texts: the browser's language among the five, one small file per language with
 * the same keys and placeholders as English, every key the pages ask for present; amounts typed
 * by the customer read in either decimal mark.
 */
import { describe, expect, it } from 'vitest'
import { TERMINAL_LANGUAGES } from '@app/domain'
import { parseAmountInput } from './format'
import { pickLanguage, type Messages } from './i18n'

const files = import.meta.glob<Messages>('/public/locales/*/checkout.json', {
  eager: true,
  import: 'default',
})
const sources = import.meta.glob<string>(['/src/checkout/*.{ts,tsx}', '!/src/checkout/*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
})

function flatten(tree: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}
const locale = (lng: string) => {
  const tree = files[`/public/locales/${lng}/checkout.json`]
  if (!tree) throw new Error(`public/locales/${lng}/checkout.json is missing`)
  return flatten(tree)
}
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort().join()
const en = locale('en')

describe('pickLanguage', () => {
  it('takes the first of the browser’s languages the checkout has', () => {
    expect(pickLanguage(['de-AT', 'en-US'])).toBe('de')
    expect(pickLanguage(['ja', 'fr-CA', 'de'])).toBe('fr')
    expect(pickLanguage(['NL'])).toBe('nl')
    expect(pickLanguage(['es-419'])).toBe('es')
    expect(pickLanguage(['ja', 'zh'])).toBe('en')
    expect(pickLanguage([])).toBe('en')
  })
})

describe('checkout.json', () => {
  it.each(TERMINAL_LANGUAGES.filter((lng) => lng !== 'en'))(
    '%s has the keys and placeholders of en, none empty',
    (lng) => {
      const other = locale(lng)
      const missing = [...en.keys()].filter((key) => !other.has(key))
      const extra = [...other.keys()].filter((key) => !en.has(key))
      const problems = [...other].flatMap(([key, text]) =>
        text.trim() === ''
          ? [`${key}: empty`]
          : placeholders(text) !== placeholders(en.get(key) ?? '')
            ? [`${key}: placeholders`]
            : [],
      )
      expect({ missing, extra, problems }).toEqual({ missing: [], extra: [], problems: [] })
    },
  )

  it('has every key the pages ask for, and the texts of each state and closed link', () => {
    const used = new Set<string>()
    for (const source of Object.values(sources)) {
      for (const m of source.matchAll(/\bt\(\s*(['"`])([\w.-]+)\1/g)) used.add(m[2] ?? '')
    }
    expect(used.size).toBeGreaterThan(30)
    expect([...used].filter((key) => !en.has(key))).toEqual([])
    for (const kind of ['pay', 'processing', 'settled', 'expired', 'invalid', 'partial']) {
      expect(en.has(`state.${kind}.title`), kind).toBe(true)
      expect(en.has(`state.${kind}.detail`), kind).toBe(true)
    }
    for (const reason of ['inactive', 'used_up', 'ended'])
      expect(en.has(`link.closed.${reason}`)).toBe(true)
  })
})

describe('parseAmountInput', () => {
  it.each([
    ['12.50', 'EUR', 1250],
    ['12,50', 'EUR', 1250],
    ['12,5', 'EUR', 1250],
    ['12', 'GBP', 1200],
    ['1,234.56', 'USD', 123_456],
    ['1.234,56', 'EUR', 123_456],
    [' 0.01 ', 'EUR', 1],
    ['21345', 'SAT', 21_345],
    ['21,345', 'SAT', 21_345],
    ['21 345', 'SAT', 21_345],
  ] as const)('%j in %s is %d', (input, currency, expected) => {
    expect(parseAmountInput(input, currency)).toBe(expected)
  })

  it.each([
    ['0', 'EUR'],
    ['0,00', 'EUR'],
    ['-5', 'EUR'],
    ['12.5.0', 'EUR'],
    ['1,2', 'SAT'],
    ['abc', 'EUR'],
    ['', 'EUR'],
    ['1e3', 'EUR'],
    ['21.5', 'SAT'],
    ['0', 'SAT'],
  ] as const)('%j in %s is refused', (input, currency) => {
    expect(parseAmountInput(input, currency)).toBeNull()
  })
})

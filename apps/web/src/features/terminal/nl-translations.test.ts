/**
 * The terminal's screens exist in Dutch: the Dutch file has every key of the English `terminal`
 * object, and each Dutch text is a key English has, with the same placeholders.
 */
import { describe, expect, it } from 'vitest'

type Tree = { [key: string]: string | Tree }
const files = import.meta.glob<Tree>('/public/locales/{en,nl}/translation.json', {
  eager: true,
  import: 'default',
})

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1] ?? '')
    .sort()
    .join()

const en = flatten(files['/public/locales/en/translation.json'] ?? {})
const nl = flatten(files['/public/locales/nl/translation.json'] ?? {})

describe('the Dutch terminal', () => {
  it('has every text of the terminal', () => {
    const missing = [...en.keys()].filter((k) => k.startsWith('terminal.') && !nl.has(k))
    expect(missing).toEqual([])
  })

  it('has only keys English has, with their placeholders, and no empty text', () => {
    const problems = [...nl].flatMap(([key, text]) => {
      const english = en.get(key)
      if (english === undefined) {
        // other engineers' objects in the Dutch file are checked by their own tests
        return key.startsWith('terminal.') ? [`${key}: not in en`] : []
      }
      if (text.trim() === '') return [`${key}: empty`]
      return placeholders(text) === placeholders(english) ? [] : [`${key}: placeholders`]
    })
    expect(problems).toEqual([])
  })
})

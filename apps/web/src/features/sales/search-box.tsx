/** The transactions page's search box, which searches as the merchant types. */
import { Search } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '@/components/ui/input'

const SEARCH_DEBOUNCE_MS = 300

/** Filters as the user types, once they pause; a cleared filter empties the box too. */
export function SearchBox({
  value,
  onChange,
}: {
  value: string | undefined
  onChange: (next: string | undefined) => void
}) {
  const { t } = useTranslation()
  const [text, setText] = useState(value ?? '')
  const [shownValue, setShownValue] = useState(value)
  if (value !== shownValue) {
    setShownValue(value)
    if ((value ?? '') !== text.trim()) setText(value ?? '')
  }
  useEffect(() => {
    const next = text.trim()
    if (next === (value ?? '')) return
    const timer = setTimeout(() => onChange(next || undefined), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, value, onChange])

  return (
    <div className="relative w-full sm:w-64">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('sales.filters.searchPlaceholder')}
        aria-label={t('sales.filters.searchLabel')}
        maxLength={200}
        className="h-8 pl-8 text-[13px]"
      />
    </div>
  )
}

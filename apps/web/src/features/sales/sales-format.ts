/** How sales days and times read on screen (amounts: `@/lib/money-format`). */
import { dateTimeFormat } from '@/lib/format'
import { currentLanguage } from '@/lib/i18n'

/** "Mon 3" for a UTC day key "2026-03-02": the day the server counted, not the local one. */
export function formatDayKey(
  day: string,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' },
  language = currentLanguage(),
): string {
  return dateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )
}

export function formatDateTime(value: Date, language = currentLanguage()): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(value)
}

/** Report periods in the terminal's local time: today, yesterday, the last 7 days, or dates. */
export type PeriodChoice = 'today' | 'yesterday' | 'week' | 'custom'

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate())
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n)

/** `yyyy-mm-dd` of a local date, as a date input holds it. */
export function dayInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`
}

function parseDay(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null
}

/** [from, to) as ISO times, or null for dates that make no period. */
export function periodOf(
  choice: PeriodChoice,
  custom: { from: string; to: string },
  now: Date = new Date(),
): { from: string; to: string } | null {
  const today = startOfDay(now)
  const range = (from: Date, to: Date) =>
    from < to ? { from: from.toISOString(), to: to.toISOString() } : null
  switch (choice) {
    case 'today':
      return range(today, addDays(today, 1))
    case 'yesterday':
      return range(addDays(today, -1), today)
    case 'week':
      return range(addDays(today, -6), addDays(today, 1))
    case 'custom': {
      const from = parseDay(custom.from)
      const to = parseDay(custom.to)
      return from && to ? range(from, addDays(to, 1)) : null
    }
  }
}

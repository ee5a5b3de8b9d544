/**
 * Dates of birth as a date input gives them (YYYY-MM-DD), checked against today's date. The
 * server and the web count the same way: "today" is the calendar date in UTC, so a person turns
 * 18 at midnight UTC on their birthday, wherever the browser is.
 */

const ADULT_AGE = 18
const OLDEST_AGE = 120

function parse(date: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const check = new Date(Date.UTC(year, month - 1, day))
  // 2001-02-30 is not a day.
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined
  return { year, month, day }
}

/** Full years between the birth date and `today` (its UTC calendar date). */
export function ageOn(date: string, today: Date): number | undefined {
  const birth = parse(date)
  if (!birth) return undefined
  let age = today.getUTCFullYear() - birth.year
  const beforeBirthday =
    today.getUTCMonth() + 1 < birth.month ||
    (today.getUTCMonth() + 1 === birth.month && today.getUTCDate() < birth.day)
  if (beforeBirthday) age -= 1
  return age
}

/** A real day, in the past, within a human lifetime. */
export function isPlausibleBirthDate(date: string, today = new Date()): boolean {
  const age = ageOn(date, today)
  return age !== undefined && age >= 0 && age < OLDEST_AGE && parse(date) !== undefined
}

export function isAdult(date: string, today = new Date()): boolean {
  const age = ageOn(date, today)
  return age !== undefined && age >= ADULT_AGE && age < OLDEST_AGE
}

/** The latest birth date of an adult today, for the date input's `max`. */
export function latestAdultBirthDate(today = new Date()): string {
  const year = String(today.getUTCFullYear() - ADULT_AGE).padStart(4, '0')
  const month = String(today.getUTCMonth() + 1).padStart(2, '0')
  const day = String(today.getUTCDate()).padStart(2, '0')
  // 29 February in a year without it: the next day is the first one allowed.
  return `${year}-${month}-${month === '02' && day === '29' ? '28' : day}`
}

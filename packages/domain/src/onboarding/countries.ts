/**
 * Countries for addresses, nationalities and phone numbers: the assigned ISO 3166 countries of
 * the static country list, named in the user's language where the runtime knows the name.
 */
import { countries } from 'country-data-list'

const ASSIGNED_COUNTRIES = countries.all.filter((country) => country.status === 'assigned')

/** ISO 3166 alpha-2 codes, what the server stores. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(ASSIGNED_COUNTRIES.map((c) => c.alpha2))

interface CountryOption {
  /** ISO 3166 alpha-2, what the server stores. */
  code: string
  name: string
  flag: string
  /** The country's first international calling code, "+44"; empty where it has none. */
  callingCode: string
}

const cache = new Map<string, CountryOption[]>()

function displayNames(language: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' })
  } catch {
    return undefined
  }
}

/** Every assigned country, sorted by its name in `language`. */
export function countryOptions(language: string): CountryOption[] {
  const cached = cache.get(language)
  if (cached) return cached
  const names = displayNames(language)
  const options = ASSIGNED_COUNTRIES.map((country) => ({
    code: country.alpha2,
    name: names?.of(country.alpha2) ?? country.name,
    flag: country.emoji ?? '',
    // Codes like "+1 268" (Antigua) are dialled without the space.
    callingCode: (country.countryCallingCodes[0] ?? '').replace(/\s+/g, ''),
  }))
  const collator = new Intl.Collator(language)
  options.sort((a, b) => collator.compare(a.name, b.name))
  cache.set(language, options)
  return options
}

export function findCountry(language: string, code: string): CountryOption | undefined {
  return countryOptions(language).find((country) => country.code === code)
}

/**
 * The country to preselect for a stored calling code: the preferred one (the company's own
 * country) when it has that code, otherwise the first that does.
 */
export function countryForCallingCode(
  language: string,
  callingCode: string,
  preferred?: string,
): string {
  const all = countryOptions(language)
  const matching = all.filter((country) => country.callingCode === callingCode)
  return (matching.find((c) => c.code === preferred) ?? matching[0])?.code ?? ''
}

/** Whole sats as typed in a box (the withdraw form's; kept out of the terminal's first load). */

/**
 * Sats as typed in a box: a whole number, thousands grouped or not ("250000", "250 000",
 * "250,000"); 'fraction' when it has decimals (there is nothing smaller than a sat); null when
 * it is not an amount.
 */
export function parseSatText(text: string): number | 'fraction' | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f'’]/g, '')
  let digits: string
  if (/^\d+$/.test(compact)) digits = compact
  else if (/^\d{1,3}([.,]\d{3})+$/.test(compact)) digits = compact.replace(/[.,]/g, '')
  else return /^\d*[.,]\d+$/.test(compact) ? 'fraction' : null
  const sat = Number(digits)
  return Number.isSafeInteger(sat) ? sat : null
}

/**
 * Postcodes as people type them, for any country: "SW1A 1AA", "10115", "1012 AB", "D02 X285",
 * "75008", "28-100". Letters, digits, spaces and hyphens, 2 to 10 characters, starting and
 * ending with a letter or digit, with at least one digit.
 */
export const POSTCODE_MIN_LENGTH = 2
export const POSTCODE_MAX_LENGTH = 10

const POSTCODE_SHAPE = /^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/

/** Whether `text` (trimmed) can be a postcode. */
export function isPlausiblePostcode(text: string): boolean {
  const postcode = text.trim()
  return (
    postcode.length >= POSTCODE_MIN_LENGTH &&
    postcode.length <= POSTCODE_MAX_LENGTH &&
    POSTCODE_SHAPE.test(postcode) &&
    /\d/.test(postcode)
  )
}

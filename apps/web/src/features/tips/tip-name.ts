/** A tip page's name: the part of its Lightning address before the `@`. */
export const TIP_NAME_MIN = 2
export const TIP_NAME_MAX = 32
export const TIP_DESCRIPTION_MAX = 200

/** The characters a Lightning address name may hold (LUD-16), lower case. */
export const TIP_NAME_CHARS = /^[a-z0-9._-]*$/

/** What the field holds as typed: lower case, no spaces, and no `@host` pasted along with it. */
export function normalizeTipName(typed: string): string {
  return (typed.split('@')[0] ?? '').trim().toLowerCase()
}

export function lightningAddressOf(name: string, host: string): string {
  return `${name || '…'}@${host}`
}

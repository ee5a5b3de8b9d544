/** How strong APP_SECRET must be on a real network (`config.ts` refuses a weak one). */

/** Estimated bits of a secret: its length times the Shannon entropy of its characters. */
function secretEntropyBits(secret: string): number {
  const counts = new Map<string, number>()
  const chars = [...secret]
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1)
  let perChar = 0
  for (const n of counts.values()) {
    const p = n / chars.length
    perChar -= p * Math.log2(p)
  }
  return perChar * chars.length
}

/**
 * Why a production secret is too weak, or null when it is fine: at least 32 characters, at least
 * 100 bits by the estimate above, and not mostly runs such as `abcdef` or `123456`.
 */
export function weakSecretReason(secret: string): string | null {
  if (secret.length < 32) return 'APP_SECRET must be at least 32 characters'
  const codes = [...secret].map((c) => c.codePointAt(0) ?? 0)
  let steps = 0
  for (let i = 1; i < codes.length; i++) {
    if (Math.abs((codes[i] ?? 0) - (codes[i - 1] ?? 0)) <= 1) steps++
  }
  if (secretEntropyBits(secret) < 100 || steps > codes.length / 2) {
    return 'APP_SECRET looks guessable: use a random value, e.g. `openssl rand -base64 48`'
  }
  return null
}

/**
 * The node password and the seed words: the password is never stored; the seed words are kept
 * sealed under a key derived from it, so only whoever knows it can see them again.
 */
import { DomainError } from '../../lib/errors'
import { openWithPassword, sealWithPassword } from '../../lib/secrets'

const NODE_PASSWORD_MIN_LENGTH = 8

export function validateNodePassword(password: string, confirm?: string): void {
  if (password.length === 0)
    throw new DomainError('NODE_PASSWORD_EMPTY', 'Node password cannot be empty')
  if (password.length < NODE_PASSWORD_MIN_LENGTH) {
    throw new DomainError('NODE_PASSWORD_TOO_SHORT', 'password must have at least 8 characters')
  }
  if (confirm !== undefined && confirm !== password) {
    throw new DomainError('PASSWORD_MISMATCH', 'The password and its confirmation differ')
  }
}

export function sealSeed(seedWords: string[], password: string): Promise<string> {
  return sealWithPassword(seedWords.join(' '), password)
}

/** The seed words sealed under `password`; refused when the password is not the node's. */
export async function openSeed(
  seedSealed: string,
  password: string,
): Promise<{ seedWords: string[] }> {
  const words = await openWithPassword(seedSealed, password)
  if (words === null) {
    throw new DomainError('INVALID_NODE_PASSWORD', 'Invalid node password. Please try again.')
  }
  return { seedWords: words.split(' ') }
}

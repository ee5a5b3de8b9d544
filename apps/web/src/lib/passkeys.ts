/**
 * The browser's side of a passkey ceremony. `@simplewebauthn/browser` loads only when a
 * ceremony starts (a click), never with a page: the sign-in page's first load stays small.
 * A failure of the browser's own (cancelled, timed out, no passkey support) becomes a
 * `PasskeyCeremonyError`; `passkeyErrorMessage` says any failure in words.
 */
import type { PasskeyAssertion, PasskeyAttestation } from '@app/domain'
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { parseAppError } from './app-error'
import { i18n } from './i18n'
import { appErrorMessage } from './notify'

export class PasskeyCeremonyError extends Error {
  constructor(readonly kind: 'cancelled' | 'unsupported' | 'failed') {
    super(`passkey ceremony ${kind}`)
  }
}

const load = () => import('@simplewebauthn/browser')

async function ceremony<T>(run: (lib: Awaited<ReturnType<typeof load>>) => Promise<T>) {
  const lib = await load()
  if (!lib.browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported')
  try {
    return await run(lib)
  } catch (err) {
    const name = err instanceof Error ? err.name : ''
    const code = (err as { code?: string } | null)?.code
    if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
      throw new PasskeyCeremonyError('cancelled')
    }
    throw new PasskeyCeremonyError('failed')
  }
}

/** Makes a passkey for the options the server gave (`passkeys.registrationOptions`). */
export function createPasskey(options: unknown): Promise<PasskeyAttestation> {
  return ceremony(async ({ startRegistration }) => {
    const response = await startRegistration({
      optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
    })
    return response as PasskeyAttestation
  })
}

/** Signs the server's challenge (`passkeys.signInOptions` or `passkeys.stepUpOptions`). */
export function signWithPasskey(options: unknown): Promise<PasskeyAssertion> {
  return ceremony(async ({ startAuthentication }) => {
    const response = await startAuthentication({
      optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    })
    return response as PasskeyAssertion
  })
}

/** What went wrong, in the user's language: the browser's refusal or the server's code. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof PasskeyCeremonyError) return i18n.t(`passkeys.${error.kind}`)
  return appErrorMessage(parseAppError(error))
}

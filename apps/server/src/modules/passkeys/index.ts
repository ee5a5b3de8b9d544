/**
 * What other modules may use of passkeys: the service (a sign-in's and a step-up's answers are
 * verified here; the auth module starts the session and checks the password around them).
 */
export type { PasskeyService, PasskeyView } from './service'

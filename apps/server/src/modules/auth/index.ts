/** What other modules may use of accounts and sessions: password rules and second-factor input. */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, hashPassword, verifyPassword } from './passwords'
export { ZSecondFactorCode, clientOf } from './inputs'
export type { AuthService } from './service'

/** What other modules may use of account recovery and the account's address. */
export { LANGUAGE_COOKIE, type EmailStatus, type RecoveryService } from './service'

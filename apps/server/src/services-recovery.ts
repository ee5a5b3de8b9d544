/**
 * Account recovery and the account's address (`modules/recovery`): password resets, address
 * verification and changes, all by mail through the outbox.
 */
import { createRateLimits } from './lib/rate-limit'
import { createSessionRepo } from './modules/auth/session-repo'
import { createRecoveryRepo } from './modules/recovery/repo'
import { createRecoveryService } from './modules/recovery/service'
import type { ServiceBase } from './services-base'

export function createRecoveryServices(base: ServiceBase) {
  const { deps } = base
  const sessions = createSessionRepo(deps.db)
  return {
    recovery: createRecoveryService({
      db: deps.db,
      repo: createRecoveryRepo(deps.db),
      mail: base.mail,
      limits: createRateLimits(deps.pool),
      publicUrl: deps.config.publicUrl,
      // no session is kept: '' is no session's hash
      endAllSessions: (userId) => sessions.deleteOtherSessions(userId, ''),
      now: deps.clock,
      log: deps.log,
    }),
  }
}

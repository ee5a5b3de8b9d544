/**
 * What other modules may use of consent: the policy every way money leaves a business passes
 * (withdrawals, refunds, Loop, replacing the wallet) and the actor and request it decides on.
 */
export type { ConsentActor, ConsentRequest, ConsentService } from './service'
export { consentActorOf } from './actor'

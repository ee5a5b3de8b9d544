/**
 * What other modules may use of onboarding: moving a business's step (only through the step
 * machine), its repository's type, and the inputs of connecting a wallet.
 */
export { advance } from './step-machine'
export type { OnboardingRepo } from './repo'
export { ZConnectExchangeInput, ZConnectNwcInput } from './inputs'

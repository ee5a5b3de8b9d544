import { accountRouter, authRouter } from '../modules/auth/router'
import { businessesRouter, businessRouter } from '../modules/businesses/router'
import { adminRouter, onboardingRouter, providerRouter } from '../modules/onboarding/router'
import { systemRouter } from '../modules/system/router'
import { router } from './init'

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  account: accountRouter,
  businesses: businessesRouter,
  business: businessRouter,
  onboarding: onboardingRouter,
  admin: adminRouter,
  provider: providerRouter,
})

export type AppRouter = typeof appRouter

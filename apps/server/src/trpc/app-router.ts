import { accountRouter, authRouter } from '../modules/auth/router'
import { businessesRouter, businessRouter } from '../modules/businesses/router'
import { adminRouter, onboardingRouter } from '../modules/onboarding/router'
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
})

export type AppRouter = typeof appRouter

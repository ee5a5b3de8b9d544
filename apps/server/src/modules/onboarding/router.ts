import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'
import {
  PAYMENT_PROVIDER_KINDS,
  ZCompanyDetails,
  ZDirectorDetails,
  ZFinancialDetails,
  ZOperationsDetails,
  ZPciDetails,
  ZTermsAcceptance,
} from '@app/domain'
import { ZConnectExchangeInput, ZConnectNwcInput } from './inputs'

const withBusiness = <T extends z.ZodType>(data: T) => z.object({ data })

export const onboardingRouter = router({
  state: businessProcedure('business.read').query(({ ctx }) =>
    ctx.services.onboarding.getState(ctx.business.id, ctx.business.onboardingStep),
  ),
  saveCompany: businessProcedure('business.settings')
    .input(withBusiness(ZCompanyDetails))
    .mutation(({ ctx, input }) => ctx.services.onboarding.saveCompany(ctx.business.id, input.data)),
  saveDirectors: businessProcedure('business.settings')
    .input(withBusiness(ZDirectorDetails))
    .mutation(({ ctx, input }) =>
      ctx.services.onboarding.saveDirectors(ctx.business.id, input.data),
    ),
  saveFinancial: businessProcedure('business.settings')
    .input(withBusiness(ZFinancialDetails))
    .mutation(({ ctx, input }) =>
      ctx.services.onboarding.saveFinancial(ctx.business.id, input.data),
    ),
  savePci: businessProcedure('business.settings')
    .input(withBusiness(ZPciDetails))
    .mutation(({ ctx, input }) => ctx.services.onboarding.savePci(ctx.business.id, input.data)),
  saveOperations: businessProcedure('business.settings')
    .input(withBusiness(ZOperationsDetails))
    .mutation(({ ctx, input }) =>
      ctx.services.onboarding.saveOperations(ctx.business.id, input.data),
    ),
  submit: businessProcedure('business.settings')
    .input(withBusiness(ZTermsAcceptance))
    .mutation(({ ctx }) => ctx.services.onboarding.submit(ctx.business.id)),
  choosePaymentProvider: businessProcedure('wallet.manage')
    .input(z.object({ kind: z.enum(PAYMENT_PROVIDER_KINDS) }))
    .mutation(({ ctx, input }) =>
      ctx.services.onboarding.choosePaymentProvider(ctx.business.id, input.kind),
    ),
  // How money is held, connected from the payment-processor step's pages.
  connectExchange: businessProcedure('wallet.manage')
    .input(ZConnectExchangeInput)
    .mutation(({ ctx, input, signal }) =>
      ctx.services.providerSetup.connectExchange(ctx.business, input, signal),
    ),
  connectNwc: businessProcedure('wallet.manage')
    .input(ZConnectNwcInput)
    .mutation(({ ctx, input }) => ctx.services.providerSetup.connectNwc(ctx.business, input)),
})

/** The business application: saving each form, submitting, and the operator's review. */
import {
  allowedPages,
  canSaveSection,
  isBusinessAreaOpen,
  pageOf,
  TERMS_VERSION,
  type ApplicationSection,
  type OnboardingStep,
  type PaymentProviderKind,
  type TCompanyDetails,
  type TDirectorDetails,
  type TFinancialDetails,
} from '@app/domain'
import { DomainError } from '../../lib/errors'
import type { OnboardingRepo } from './repo'
import { advance, stepNotAllowed as notAllowed } from './step-machine'

export interface OnboardingOptions {
  /** Approve applications as soon as they are submitted (demo). */
  autoApprove: boolean
}

export function createOnboardingService(repo: OnboardingRepo, opts: OnboardingOptions) {
  /** Saves one application section under the business lock and moves the step on. */
  async function saveSection(
    businessId: string,
    section: Exclude<ApplicationSection, 'terms'>,
    value: unknown,
    companyTypeOf: (saved: TCompanyDetails | null) => TCompanyDetails['companyType'],
    extra?: (
      trx: Parameters<Parameters<OnboardingRepo['withLockedBusiness']>[1]>[0],
    ) => Promise<void>,
  ): Promise<{ step: OnboardingStep }> {
    return repo.withLockedBusiness(businessId, async (trx, step) => {
      if (!canSaveSection(step, section)) throw notAllowed()
      const app = await repo.getApplication(businessId, trx)
      const saved = (app?.company ?? null) as TCompanyDetails | null
      const companyType = companyTypeOf(saved)
      const companyTypeChanged =
        section === 'company' && saved !== null && saved.companyType !== companyType
      await repo.saveSection(trx, businessId, section, value)
      if (companyTypeChanged) await repo.saveSection(trx, businessId, 'director', null)
      await extra?.(trx)
      const next = await advance(trx, businessId, {
        type: 'sectionSaved',
        section,
        companyType,
        companyTypeChanged,
      })
      return { step: next }
    })
  }

  function requireCompany(saved: TCompanyDetails | null): TCompanyDetails {
    if (!saved) throw notAllowed()
    return saved
  }

  async function approve(businessId: string, reviewerId: string | null) {
    return repo.withLockedBusiness(businessId, async (trx, step) => {
      if (step !== 'pending')
        throw new DomainError('APPLICATION_NOT_PENDING', 'Not awaiting review')
      await repo.review(trx, businessId, 'approved', reviewerId, null)
      return { step: await advance(trx, businessId, { type: 'applicationApproved' }) }
    })
  }

  return {
    async getState(businessId: string, step: OnboardingStep) {
      const app = await repo.getApplication(businessId)
      return {
        step,
        page: pageOf(step),
        allowedPages: allowedPages(step),
        isBusinessAreaOpen: isBusinessAreaOpen(step),
        application: {
          company: (app?.company ?? null) as TCompanyDetails | null,
          director: (app?.director ?? null) as TDirectorDetails | null,
          financial: (app?.financial ?? null) as TFinancialDetails | null,
          pci: (app?.pci ?? null) as Record<string, unknown> | null,
          operations: (app?.operations ?? null) as Record<string, unknown> | null,
          termsAcceptedAt: app?.termsAcceptedAt ?? null,
        },
        review: {
          status: app?.reviewStatus ?? 'draft',
          reason: app?.reviewReason ?? null,
          submittedAt: app?.submittedAt ?? null,
          reviewedAt: app?.reviewedAt ?? null,
        },
        termsVersion: TERMS_VERSION,
      }
    },

    saveCompany: (businessId: string, input: TCompanyDetails) =>
      saveSection(businessId, 'company', input, () => input.companyType),

    saveDirectors: (businessId: string, input: TDirectorDetails) =>
      saveSection(businessId, 'director', input, (saved) => {
        const company = requireCompany(saved)
        if (company.companyType !== input.companyType) throw notAllowed()
        return company.companyType
      }),

    saveFinancial: (businessId: string, input: TFinancialDetails) =>
      saveSection(
        businessId,
        'financial',
        input,
        (saved) => requireCompany(saved).companyType,
        (trx) => repo.setCurrency(trx, businessId, input.currency),
      ),

    savePci: (businessId: string, input: object) =>
      saveSection(businessId, 'pci', input, (saved) => requireCompany(saved).companyType),

    saveOperations: (businessId: string, input: object) =>
      saveSection(businessId, 'operations', input, (saved) => requireCompany(saved).companyType),

    /** Accepting the terms submits the application for review. */
    async submit(businessId: string) {
      const submitted = await repo.withLockedBusiness(businessId, async (trx, step) => {
        if (step !== 'terms') throw notAllowed()
        await repo.submit(trx, businessId, TERMS_VERSION)
        return { step: await advance(trx, businessId, { type: 'applicationSubmitted' }) }
      })
      return opts.autoApprove ? approve(businessId, null) : submitted
    },

    /** From the payment-processor page; at `exchange` or `nodePassword` the choice can change. */
    async choosePaymentProvider(businessId: string, kind: PaymentProviderKind) {
      return repo.withLockedBusiness(businessId, async (trx) => ({
        step: await advance(trx, businessId, { type: 'providerChosen', kind }),
      }))
    },

    /** At start: seals the personal data of applications stored before it was sealed. */
    sealStoredPersonalData: () => repo.sealPlainSections(),

    listApplications: (status?: 'pending' | 'approved' | 'rejected') =>
      repo.listApplications(status),

    approve,

    /** A rejected application goes back to the owner, with the reason, to edit and resubmit. */
    async reject(businessId: string, reviewerId: string, reason: string) {
      return repo.withLockedBusiness(businessId, async (trx, step) => {
        if (step !== 'pending')
          throw new DomainError('APPLICATION_NOT_PENDING', 'Not awaiting review')
        await repo.review(trx, businessId, 'rejected', reviewerId, reason)
        return { step: await advance(trx, businessId, { type: 'applicationRejected' }) }
      })
    },
  }
}

export type OnboardingService = ReturnType<typeof createOnboardingService>

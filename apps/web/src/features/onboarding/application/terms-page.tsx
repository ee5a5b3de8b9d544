import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import type { inferInput } from '@trpc/tanstack-react-query'
import { Send } from 'lucide-react'
import { useMemo } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Card, CardContent } from '@/components/ui/card'
import { notify } from '@/lib/notify'
import { useTRPC, type Trpc } from '@/lib/trpc'
import { useSystemConfig } from '@/lib/use-system-config'
import { ApplicationAnswers } from './application-answers'
import { ApplicationFrame } from './application-frame'
import { termsSchema } from './application-schemas'
import { FormFooter } from './form-footer'
import { CheckboxField } from './fields/checkbox-fields'
import { useAfterSave, useApplicationState, useSaveErrorHandler } from './use-application'

type SubmitData = inferInput<Trpc['onboarding']['submit']>['data']

const TERMS_SECTIONS = [
  'service',
  'custody',
  'fees',
  'prohibited',
  'obligations',
  'dataProtection',
  'ending',
] as const

/**
 * The answers of every step to check (each with a link back to edit it), the terms in short, two
 * acceptances, and submitting the application for review.
 */
export function TermsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const { brandName } = useSystemConfig()
  const state = useApplicationState(businessId)
  const schema = useMemo(() => termsSchema(t), [t])
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { acceptTerms: false, acceptPrivacy: false },
  })
  const afterSave = useAfterSave(businessId, 'terms')
  const onSaveError = useSaveErrorHandler(businessId)
  const submitApplication = useMutation(
    trpc.onboarding.submit.mutationOptions({
      onSuccess: async (result) => {
        if (result.step === 'pending') {
          notify.success(t('application.terms.submitted'), t('application.terms.submittedMessage'))
        } else {
          notify.success(t('application.terms.approved'), t('application.terms.approvedMessage'))
        }
        await afterSave(result)
      },
      onError: (error) => onSaveError(error, form),
    }),
  )
  const submit = form.handleSubmit(() =>
    submitApplication.mutate({
      businessId,
      data: {
        acceptTerms: true,
        acceptPrivacy: true,
        // The version shown above, as the server sent it; it refuses any other.
        termsVersion: state.termsVersion as SubmitData['termsVersion'],
      },
    }),
  )

  return (
    <ApplicationFrame
      businessId={businessId}
      page="terms"
      state={state}
      title={t('pages.terms')}
      description={t('application.terms.description')}
    >
      <div className="mb-6">
        <ApplicationAnswers businessId={businessId} answers={state.application} />
      </div>
      <FormProvider {...form}>
        <form noValidate onSubmit={submit}>
          <Card>
            <CardContent className="grid gap-6 pt-6">
              <section
                aria-labelledby="terms-summary-title"
                tabIndex={0}
                className="max-h-80 overflow-y-auto rounded-lg border border-border bg-muted/40 px-5 py-4 text-sm leading-relaxed outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25"
              >
                <h2 id="terms-summary-title" className="text-base font-semibold">
                  {t('application.terms.summaryTitle', { brand: brandName })}
                </h2>
                <p className="mt-1 text-xs text-muted-foreground">
                  {t('application.terms.version', { version: state.termsVersion })}
                </p>
                {TERMS_SECTIONS.map((section) => (
                  <div key={section} className="mt-4">
                    <h3 className="font-semibold">
                      {t(`application.terms.sections.${section}.title`)}
                    </h3>
                    <p className="mt-1 text-muted-foreground">
                      {t(`application.terms.sections.${section}.body`, { brand: brandName })}
                    </p>
                  </div>
                ))}
              </section>
              <div className="grid gap-4">
                <CheckboxField
                  name="acceptTerms"
                  label={t('application.terms.acceptTerms', { version: state.termsVersion })}
                />
                <CheckboxField name="acceptPrivacy" label={t('application.terms.acceptPrivacy')} />
              </div>
            </CardContent>
            <FormFooter
              businessId={businessId}
              page="terms"
              isSaving={submitApplication.isPending}
              nextLabel={
                <>
                  {!submitApplication.isPending && <Send aria-hidden />}
                  {t('application.terms.submit')}
                </>
              }
            />
          </Card>
        </form>
      </FormProvider>
    </ApplicationFrame>
  )
}

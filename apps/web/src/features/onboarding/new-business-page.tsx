import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter } from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { handleFormError } from '@/lib/form-errors'
import { notify } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { usePageTitle } from '@/lib/use-page-title'
import { BUSINESS_NAME_MAX_LENGTH } from '@/lib/validation'

/** Welcome: name the business, then onboarding continues with its company details. */
export function NewBusinessPage() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: businesses } = useSuspenseQuery(trpc.businesses.list.queryOptions())
  usePageTitle(t('onboarding.welcome.title'))

  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('validation.businessNameRequired'))
          .max(
            BUSINESS_NAME_MAX_LENGTH,
            t('validation.tooLong', { count: BUSINESS_NAME_MAX_LENGTH }),
          ),
      }),
    [t],
  )
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '' },
  })
  const createBusiness = useMutation(
    trpc.businesses.create.mutationOptions({
      onSuccess: async ({ id, onboardingStep }) => {
        queryClient.setQueryData(trpc.businesses.onboardingStep.queryKey({ businessId: id }), {
          step: onboardingStep,
        })
        await queryClient.invalidateQueries(trpc.businesses.list.queryFilter())
        notify.success(t('onboarding.welcome.successTitle'), t('onboarding.welcome.successMessage'))
        await navigate({
          to: '/onboarding/$businessId/company-details',
          params: { businessId: id },
        })
      },
      onError: (error) => {
        handleFormError(error, form, { title: t('onboarding.welcome.failedTitle') })
      },
    }),
  )

  return (
    <div className="mx-auto max-w-xl">
      {businesses.length > 0 && (
        <Button variant="link" className="mb-6 h-auto px-0 text-muted-foreground" asChild>
          <Link to="/">
            <ArrowLeft aria-hidden />
            {t('onboarding.welcome.back')}
          </Link>
        </Button>
      )}
      <div className="mb-8 space-y-3">
        <p className="text-sm font-medium text-primary">{t('onboarding.welcome.eyebrow')}</p>
        <h1 className="text-3xl font-semibold tracking-tight">{t('onboarding.welcome.heading')}</h1>
        <p className="text-base text-muted-foreground">{t('onboarding.welcome.description')}</p>
      </div>
      <Card className="overflow-hidden">
        <form noValidate onSubmit={form.handleSubmit((values) => createBusiness.mutate(values))}>
          <CardContent className="pt-6">
            <FormField
              id="business-name"
              label={t('onboarding.welcome.nameLabel')}
              description={t('onboarding.welcome.nameHint')}
              error={form.formState.errors.name?.message}
            >
              <FormControl>
                <Input
                  autoComplete="organization"
                  autoFocus
                  placeholder={t('onboarding.welcome.namePlaceholder')}
                  {...form.register('name')}
                />
              </FormControl>
            </FormField>
          </CardContent>
          <CardFooter className="justify-end bg-muted/40">
            <Button type="submit" isLoading={createBusiness.isPending}>
              {t('onboarding.welcome.submit')}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </div>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { CircleHelp, Lock } from 'lucide-react'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter } from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { handleFormError } from '@/lib/form-errors'
import { notify } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { BackToOptions } from './back-to-options'
import { useFollowServerStep, useRefreshOnboardingStep } from '@/lib/use-onboarding-step'

/** The server's limits on the key and the secret. */
const API_KEY_MIN_LENGTH = 8
const API_KEY_MAX_LENGTH = 200
const SECRET_KEY_MAX_LENGTH = 300

/** Connects the merchant's exchange account with an API key; the server checks it first. */
export function ExchangeAccountPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const refreshStep = useRefreshOnboardingStep(businessId)
  const followServerStep = useFollowServerStep(businessId)

  const schema = useMemo(() => {
    const key = (required: string, max: number) =>
      z
        .string()
        .trim()
        .min(1, required)
        .min(API_KEY_MIN_LENGTH, t('provider.exchange.keyTooShort', { count: API_KEY_MIN_LENGTH }))
        .max(max, t('validation.tooLong', { count: max }))
    return z.object({
      apiKey: key(t('provider.exchange.apiKeyRequired'), API_KEY_MAX_LENGTH),
      secretKey: key(t('provider.exchange.secretKeyRequired'), SECRET_KEY_MAX_LENGTH),
    })
  }, [t])
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { apiKey: '', secretKey: '' },
  })
  // Also from the choice step: the server records the choice with the connection.
  const connect = useMutation(
    trpc.onboarding.connectExchange.mutationOptions({
      onSuccess: async () => {
        await refreshStep()
        notify.success(t('provider.exchange.successTitle'), t('provider.exchange.successMessage'))
        await navigate({ to: '/$businessId/sales/dashboard', params: { businessId } })
      },
      onError: async (error) => {
        const { code } = handleFormError(error, form, {
          title: t('provider.exchange.failedTitle'),
          fieldByCode: { EXCHANGE_KEY_REJECTED: 'apiKey' },
        })
        if (code === 'STEP_NOT_ALLOWED') await followServerStep()
      },
    }),
  )

  return (
    <div className="mx-auto max-w-2xl">
      <BackToOptions businessId={businessId} />
      <PageHeader
        title={t('pages.newExchangeAccount')}
        description={t('provider.exchange.description')}
      />
      <Card className="overflow-hidden">
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => connect.mutate({ businessId, ...values }))}
        >
          <CardContent className="grid gap-5 pt-6">
            <FormField
              id="exchange-api-key"
              label={t('provider.exchange.apiKey')}
              error={form.formState.errors.apiKey?.message}
            >
              <FormControl>
                <Input
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  autoFocus
                  className="font-mono"
                  {...form.register('apiKey')}
                />
              </FormControl>
            </FormField>
            <FormField
              id="exchange-secret-key"
              label={t('provider.exchange.secretKey')}
              description={t('provider.exchange.secretKeyHint')}
              error={form.formState.errors.secretKey?.message}
            >
              <FormControl>
                <PasswordInput
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  className="font-mono"
                  {...form.register('secretKey')}
                />
              </FormControl>
            </FormField>
            <KeyHelp />
          </CardContent>
          <CardFooter className="flex-wrap justify-between bg-muted/40">
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <Lock className="size-3.5 shrink-0" aria-hidden />
              {t('provider.exchange.storedEncrypted')}
            </p>
            <Button type="submit" isLoading={connect.isPending} className="max-sm:w-full">
              {connect.isPending ? t('provider.exchange.checking') : t('provider.exchange.submit')}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </div>
  )
}

/** How to create a key the platform can use: read balances and deposit addresses. */
function KeyHelp() {
  const { t } = useTranslation()
  const steps = [
    t('provider.exchange.help.step1'),
    t('provider.exchange.help.step2'),
    t('provider.exchange.help.step3'),
    t('provider.exchange.help.step4'),
  ]
  return (
    <details className="group rounded-lg border border-border bg-muted/40 px-4 py-3 text-sm">
      <summary className="flex cursor-pointer list-none items-center gap-2 font-medium outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/25 [&::-webkit-details-marker]:hidden">
        <CircleHelp className="size-4 text-primary" aria-hidden />
        {t('provider.exchange.help.title')}
      </summary>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-muted-foreground marker:text-foreground">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </details>
  )
}

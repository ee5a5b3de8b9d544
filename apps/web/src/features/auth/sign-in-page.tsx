import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { handleFormError } from '@/lib/form-errors'
import { lazyResolver } from '@/lib/lazy-resolver'
import { useTRPC } from '@/lib/trpc'
import { AuthCard } from './auth-card'
import type { SignInValues } from './sign-in-schema'
import { SignInCodeForm } from './sign-in-code-form'
import { useFinishSignIn } from './use-finish-sign-in'

export function SignInPage({ redirectTo }: { redirectTo: string | undefined }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const finishSignIn = useFinishSignIn(redirectTo)
  /** Set when the password was right and the account asks for a second factor. */
  const [challenge, setChallenge] = useState<string | null>(null)

  // The checks (and zod) are not part of the first load: they load once the page shows.
  const checks = useMemo(
    () => lazyResolver(() => import('./sign-in-schema').then((m) => m.signInResolver(t))),
    [t],
  )
  useEffect(() => checks.preload(), [checks])
  const form = useForm<SignInValues>({
    resolver: checks.resolver,
    defaultValues: { email: '', password: '' },
  })
  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({
      onSuccess: async (result) => {
        if (result.step === 'code') setChallenge(result.challenge)
        else await finishSignIn(result.profile)
      },
      onError: (error) => {
        const appError = handleFormError(error, form, { title: t('auth.signIn.failedTitle') })
        if (appError.code === 'INVALID_CREDENTIALS') form.resetField('password')
      },
    }),
  )
  const { errors } = form.formState

  if (challenge) {
    return (
      <AuthCard
        pageTitle={t('auth.signIn.title')}
        heading={t('auth.code.heading')}
        description={t('auth.code.description')}
        footer={t('auth.code.footer', { email: form.getValues('email') })}
      >
        <SignInCodeForm
          challenge={challenge}
          onSignedIn={finishSignIn}
          onRestart={() => {
            setChallenge(null)
            form.resetField('password')
          }}
        />
      </AuthCard>
    )
  }

  return (
    <AuthCard
      pageTitle={t('auth.signIn.title')}
      heading={t('auth.signIn.heading')}
      description={t('auth.signIn.description')}
      footer={
        <>
          {t('auth.signIn.noAccount')}{' '}
          <Link
            to="/sign-up"
            search={{ redirect: redirectTo }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('auth.signIn.createAccount')}
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit((values) => signIn.mutate(values))}
      >
        <FormField id="email" label={t('auth.fields.email')} error={errors.email?.message}>
          <FormControl>
            <Input
              type="email"
              autoComplete="email"
              autoFocus
              placeholder={t('auth.fields.emailPlaceholder')}
              {...form.register('email')}
            />
          </FormControl>
        </FormField>
        <FormField id="password" label={t('auth.fields.password')} error={errors.password?.message}>
          <FormControl>
            <PasswordInput autoComplete="current-password" {...form.register('password')} />
          </FormControl>
        </FormField>
        <Button type="submit" size="lg" className="mt-1 w-full" isLoading={signIn.isPending}>
          {t('auth.signIn.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { handleFormError } from '@/lib/form-errors'
import { notify } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { PASSWORD_MIN_LENGTH, emailSchema, newPasswordSchema } from '@/lib/validation'
import { AuthCard } from './auth-card'
import { useFinishSignIn } from './use-finish-sign-in'

export function SignUpPage({ redirectTo }: { redirectTo: string | undefined }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const finishSignIn = useFinishSignIn(redirectTo)

  const schema = useMemo(
    () => z.object({ email: emailSchema(t), password: newPasswordSchema(t) }),
    [t],
  )
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  })
  const signUp = useMutation(
    trpc.auth.signUp.mutationOptions({
      onSuccess: async (profile) => {
        notify.success(t('auth.signUp.successTitle'), t('auth.signUp.successMessage'))
        await finishSignIn(profile)
      },
      onError: (error) => {
        handleFormError(error, form, {
          title: t('auth.signUp.failedTitle'),
          fieldByCode: { EMAIL_TAKEN: 'email', PASSWORD_TOO_SHORT: 'password' },
        })
      },
    }),
  )
  const { errors } = form.formState

  return (
    <AuthCard
      pageTitle={t('auth.signUp.title')}
      heading={t('auth.signUp.heading')}
      description={t('auth.signUp.description')}
      footer={
        <>
          {t('auth.signUp.haveAccount')}{' '}
          <Link
            to="/sign-in"
            search={{ redirect: redirectTo }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('auth.signUp.signIn')}
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="grid gap-5"
        onSubmit={form.handleSubmit((values) => signUp.mutate(values))}
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
        <FormField
          id="password"
          label={t('auth.fields.password')}
          description={t('auth.fields.passwordHint', { count: PASSWORD_MIN_LENGTH })}
          error={errors.password?.message}
        >
          <FormControl>
            <PasswordInput autoComplete="new-password" {...form.register('password')} />
          </FormControl>
        </FormField>
        <Button type="submit" size="lg" className="mt-1 w-full" isLoading={signUp.isPending}>
          {t('auth.signUp.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}

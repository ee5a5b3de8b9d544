import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { handleFormError } from '@/lib/form-errors'
import { notify } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { PASSWORD_MIN_LENGTH, existingPasswordSchema, newPasswordSchema } from '@/lib/validation'

/** Current password, new password twice; the same rules as the server (length, match). */
export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()

  const schema = useMemo(
    () =>
      z
        .object({
          currentPassword: existingPasswordSchema(t),
          newPassword: newPasswordSchema(t),
          confirmPassword: z.string().min(1, t('validation.confirmRequired')),
        })
        .refine((values) => values.newPassword === values.confirmPassword, {
          message: t('validation.passwordsDoNotMatch'),
          path: ['confirmPassword'],
        }),
    [t],
  )
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  })
  const changePassword = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: () => {
        form.reset()
        // every other session ended, and this browser holds a new one
        void queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() })
        notify.success(t('account.password.successTitle'), t('account.password.successMessage'))
      },
      onError: (error) => {
        handleFormError(error, form, {
          title: t('account.password.failedTitle'),
          fieldByCode: {
            WRONG_CURRENT_PASSWORD: 'currentPassword',
            PASSWORD_TOO_SHORT: 'newPassword',
            PASSWORD_MISMATCH: 'confirmPassword',
          },
        })
      },
    }),
  )
  const { errors } = form.formState

  return (
    <Card className="max-w-2xl overflow-hidden">
      <CardHeader>
        <CardTitle>{t('account.password.title')}</CardTitle>
        <CardDescription>{t('account.password.description')}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit((values) => changePassword.mutate(values))}>
        <CardContent className="grid gap-5">
          {/* Lets password managers tie the new password to this account. */}
          <input type="email" autoComplete="username" value={email} readOnly hidden />
          <FormField
            id="current-password"
            label={t('account.password.current')}
            error={errors.currentPassword?.message}
          >
            <FormControl>
              <PasswordInput
                autoComplete="current-password"
                {...form.register('currentPassword')}
              />
            </FormControl>
          </FormField>
          <FormField
            id="new-password"
            label={t('account.password.new')}
            description={t('auth.fields.passwordHint', { count: PASSWORD_MIN_LENGTH })}
            error={errors.newPassword?.message}
          >
            <FormControl>
              <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
            </FormControl>
          </FormField>
          <FormField
            id="confirm-password"
            label={t('account.password.confirm')}
            error={errors.confirmPassword?.message}
          >
            <FormControl>
              <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
            </FormControl>
          </FormField>
        </CardContent>
        <CardFooter className="justify-end bg-muted/40">
          <Button type="submit" isLoading={changePassword.isPending}>
            {t('account.password.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}

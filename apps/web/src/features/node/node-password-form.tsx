import { zodResolver } from '@hookform/resolvers/zod'
import { ShieldAlert } from 'lucide-react'
import { useEffect, useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
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

/** lnd refuses shorter wallet passwords. */
const NODE_PASSWORD_MIN_LENGTH = 8
const NODE_PASSWORD_MAX_LENGTH = 200

export interface NodePassword {
  password: string
  confirmPassword: string
}

export interface NodePasswordError {
  field: keyof NodePassword
  message: string
}

/**
 * The node password, chosen once: it encrypts the wallet and the seed words and is never stored
 * by the platform. `resume` asks for it again after a reload, before the wallet exists.
 */
export function NodePasswordForm({
  mode,
  isPending,
  serverError,
  onSubmit,
}: {
  mode: 'create' | 'resume'
  isPending: boolean
  serverError: NodePasswordError | undefined
  onSubmit: (values: NodePassword) => void
}) {
  const { t } = useTranslation()
  const schema = useMemo(
    () =>
      z
        .object({
          password: z
            .string()
            .min(1, t('errors.NODE_PASSWORD_EMPTY'))
            .min(NODE_PASSWORD_MIN_LENGTH, t('errors.NODE_PASSWORD_TOO_SHORT'))
            .max(
              NODE_PASSWORD_MAX_LENGTH,
              t('validation.tooLong', { count: NODE_PASSWORD_MAX_LENGTH }),
            ),
          confirmPassword: z.string().min(1, t('node.password.confirmRequired')),
        })
        .refine((values) => values.password === values.confirmPassword, {
          message: t('validation.passwordsDoNotMatch'),
          path: ['confirmPassword'],
        }),
    [t],
  )
  const form = useForm<NodePassword>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { errors } = form.formState

  useEffect(() => {
    if (!serverError) return
    form.setError(serverError.field, { type: 'server', message: serverError.message })
    form.setFocus(serverError.field)
  }, [serverError, form])

  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle>
          {mode === 'create' ? t('node.password.title') : t('node.password.resumeTitle')}
        </CardTitle>
        <CardDescription>
          {mode === 'create'
            ? t('node.password.description')
            : t('node.password.resumeDescription')}
        </CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <CardContent className="grid gap-5">
          <Alert variant="warning">
            <ShieldAlert aria-hidden />
            <AlertTitle>{t('node.password.warningTitle')}</AlertTitle>
            <AlertDescription className="text-warning-foreground/90">
              {t('node.password.warning')}
            </AlertDescription>
          </Alert>
          <FormField
            id="node-password"
            label={t('node.password.password')}
            description={t('node.password.passwordHint', { count: NODE_PASSWORD_MIN_LENGTH })}
            error={errors.password?.message}
          >
            <FormControl>
              <PasswordInput autoComplete="new-password" autoFocus {...form.register('password')} />
            </FormControl>
          </FormField>
          <FormField
            id="node-password-confirm"
            label={t('node.password.confirm')}
            error={errors.confirmPassword?.message}
          >
            <FormControl>
              <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
            </FormControl>
          </FormField>
        </CardContent>
        <CardFooter className="justify-end bg-muted/40">
          <Button type="submit" isLoading={isPending} className="max-sm:w-full">
            {mode === 'create' ? t('node.password.submit') : t('node.password.resumeSubmit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}

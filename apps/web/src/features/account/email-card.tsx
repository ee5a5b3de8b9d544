/**
 * The account's email address: verified or not, and a change of address, asked with the
 * password and made when the link sent to the new address is opened (the old one is told).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { BadgeCheck } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
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
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage, notify } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

export function EmailCard() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const status = useQuery(trpc.recovery.emailStatus.queryOptions())
  const [newEmail, setNewEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<{ newEmail?: string; password?: string }>({})
  const change = useMutation(
    trpc.recovery.requestEmailChange.mutationOptions({
      onSuccess: async () => {
        notify.success(t('account.email.sentTitle'), t('account.email.sent', { email: newEmail }))
        setNewEmail('')
        setPassword('')
        await queryClient.invalidateQueries(trpc.recovery.emailStatus.queryFilter())
      },
      onError: (error) => {
        const e = parseAppError(error)
        const message = appErrorMessage(e)
        if (e.code === 'WRONG_PASSWORD') setErrors({ password: message })
        else setErrors({ newEmail: message })
      },
    }),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next: typeof errors = {}
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(newEmail.trim())) {
      next.newEmail = t('validation.emailInvalid')
    }
    if (!password) next.password = t('validation.passwordRequired')
    setErrors(next)
    if (next.newEmail || next.password) return
    change.mutate({ newEmail: newEmail.trim(), password })
  }
  const s = status.data
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.email.title')}</CardTitle>
        <CardDescription>
          {s ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <span className="font-medium text-foreground">{s.email}</span>
              {s.verified ? (
                <Badge variant="success">
                  <BadgeCheck aria-hidden />
                  {t('account.email.verified')}
                </Badge>
              ) : (
                <Badge variant="warning">{t('account.email.unverified')}</Badge>
              )}
            </span>
          ) : (
            t('account.email.description')
          )}
        </CardDescription>
      </CardHeader>
      <form noValidate onSubmit={submit}>
        <CardContent className="grid gap-4">
          {s?.pendingEmail && (
            <p className="text-sm text-muted-foreground" role="status">
              {t('account.email.pending', { email: s.pendingEmail })}
            </p>
          )}
          <FormField id="new-email" label={t('account.email.newEmail')} error={errors.newEmail}>
            <FormControl>
              <Input
                type="email"
                autoComplete="email"
                value={newEmail}
                onChange={(e) => setNewEmail(e.target.value)}
              />
            </FormControl>
          </FormField>
          <FormField
            id="email-change-password"
            label={t('account.email.password')}
            error={errors.password}
          >
            <FormControl>
              <PasswordInput
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </FormControl>
          </FormField>
        </CardContent>
        <CardFooter className="mt-4">
          <Button type="submit" isLoading={change.isPending}>
            {t('account.email.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}

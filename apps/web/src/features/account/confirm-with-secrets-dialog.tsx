import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { parseAppError, type AppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'

/** What the dialog asks for: the account password, a code, or both. */
export interface Secrets {
  password: string
  /** trimmed; '' when not asked for or left empty where it may be */
  code: string
}

type SecretErrors = { password?: string; code?: string }

/**
 * A security change confirmed with the account's secrets: the password and/or a code from the
 * authenticator app. Each field says what is missing or wrong; what was typed is forgotten when
 * the dialog closes or the change is made.
 */
export function ConfirmWithSecretsDialog({
  open,
  onOpenChange,
  title,
  description,
  passwordLabel,
  code,
  cancelLabel,
  submitLabel,
  destructive = false,
  pending,
  submit,
  errorField,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  /** asks for the password (always required) when given */
  passwordLabel?: string
  /** asks for a code when given; `required` when it may not be left empty */
  code?: { label: string; required: boolean; numeric?: boolean }
  cancelLabel: string
  submitLabel: string
  destructive?: boolean
  pending: boolean
  /** makes the change; a refusal is shown beside the field `errorField` names */
  submit: (secrets: Secrets) => Promise<unknown>
  errorField: (error: AppError) => keyof SecretErrors
}) {
  const { t } = useTranslation()
  const id = useId()
  const [password, setPassword] = useState('')
  const [codeValue, setCodeValue] = useState('')
  const [errors, setErrors] = useState<SecretErrors>({})
  const forget = () => {
    setPassword('')
    setCodeValue('')
    setErrors({})
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) forget()
        onOpenChange(next)
      }}
    >
      <DialogContent closeLabel={cancelLabel}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            const secrets = { password, code: codeValue.trim() }
            const missing: SecretErrors = {
              password:
                passwordLabel !== undefined && secrets.password === ''
                  ? t('validation.passwordRequired')
                  : undefined,
              code: code?.required && secrets.code === '' ? t('auth.code.codeRequired') : undefined,
            }
            setErrors(missing)
            if (missing.password || missing.code) return
            submit(secrets).then(forget, (err: unknown) => {
              const appError = parseAppError(err)
              setErrors({ [errorField(appError)]: appErrorMessage(appError) })
            })
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {passwordLabel !== undefined && (
            <FormField id={`${id}-password`} label={passwordLabel} error={errors.password}>
              <FormControl>
                <PasswordInput
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </FormControl>
            </FormField>
          )}
          {code && (
            <FormField id={`${id}-code`} label={code.label} error={errors.code}>
              <FormControl>
                <Input
                  autoComplete="one-time-code"
                  inputMode={code.numeric ? 'numeric' : undefined}
                  spellCheck={false}
                  className="font-mono"
                  value={codeValue}
                  onChange={(e) => setCodeValue(e.target.value)}
                />
              </FormControl>
            </FormField>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : undefined}
              isLoading={pending}
            >
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

import { useMutation, useQuery } from '@tanstack/react-query'
import { CircleCheck, KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PasskeyAssertion } from '@app/domain'
import { Button } from '@/components/ui/button'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { passkeyErrorMessage, signWithPasskey } from '@/lib/passkeys'
import { useTRPC, useTRPCClient } from '@/lib/trpc'

/**
 * The account password and, when two-step verification is on, a code: the proof for an act. A
 * user with a passkey may answer the session's step-up challenge with it in place of the code.
 */
export interface StepUp {
  password: string
  code: string
  /** a passkey's answer, single-use: sent once, then cleared */
  passkey?: PasskeyAssertion | null
}

type StepUpField = 'password' | 'code'

/** Which step-up field a refusal is about; null when it is about something else. */
export function stepUpFieldOf(code: string): StepUpField | null {
  if (code === 'WRONG_PASSWORD' || code === 'STEP_UP_REQUIRED') return 'password'
  if (code === 'TWO_FACTOR_REQUIRED' || code === 'INVALID_TWO_FACTOR_CODE') return 'code'
  if (code.startsWith('PASSKEY_')) return 'code'
  return null
}

/** The step-up's state for a form: its values, its fields' errors and what the server is sent. */
export function useStepUp() {
  const [value, setStepUp] = useState<StepUp>({ password: '', code: '', passkey: null })
  const [errors, setErrors] = useState<Partial<Record<StepUpField, string>>>({})
  return {
    value,
    /** typing again clears the fields' errors */
    setValue: (next: StepUp) => {
      setStepUp(next)
      setErrors({})
    },
    errors,
    /** Shows a refusal under the password or code field; false when it is about neither. */
    claim: (code: string, message: string): boolean => {
      const field = stepUpFieldOf(code)
      if (field) setErrors({ [field]: message })
      return field !== null
    },
    isFilled: value.password !== '',
    /**
     * What a procedure takes: the password and, when given, the passkey's answer or the code.
     * A passkey's answer is used up by sending it, so it is cleared from the form.
     */
    proof: (): { password: string; code?: string; passkey?: PasskeyAssertion } => {
      const { passkey } = value
      if (passkey) setStepUp((v) => ({ ...v, passkey: null }))
      return {
        password: value.password,
        ...(passkey ? { passkey } : value.code.trim() ? { code: value.code.trim() } : {}),
      }
    },
    reset: () => {
      setStepUp({ password: '', code: '', passkey: null })
      setErrors({})
    },
  }
}

/**
 * The password and second-factor fields asked before money leaves or future payments are
 * redirected (withdrawals, Loop, replacing the wallet). `id` names the fields uniquely.
 */
export function StepUpFields({
  id,
  value,
  onChange,
  errors,
  passwordLabel,
  codeLabel,
  codeHint,
}: {
  id: string
  value: StepUp
  onChange: (value: StepUp) => void
  /** refusals shown under their field (`useStepUp().claim`) */
  errors?: Partial<Record<StepUpField, string>>
  passwordLabel?: string
  codeLabel?: string
  codeHint?: string
}) {
  const { t } = useTranslation()
  return (
    <>
      <FormField
        id={`${id}-password`}
        label={passwordLabel ?? t('stepUp.password')}
        error={errors?.password}
      >
        <FormControl>
          <PasswordInput
            autoComplete="current-password"
            value={value.password}
            onChange={(e) => onChange({ ...value, password: e.target.value })}
            required
          />
        </FormControl>
      </FormField>
      {value.passkey ? (
        <div className="grid gap-2">
          <p className="flex items-center gap-2 text-sm font-medium text-success" role="status">
            <CircleCheck className="size-4" aria-hidden />
            {t('stepUp.passkeyReady')}
          </p>
          {errors?.code && <p className="text-sm font-medium text-destructive">{errors.code}</p>}
        </div>
      ) : (
        <FormField
          id={`${id}-code`}
          label={codeLabel ?? t('stepUp.code')}
          description={codeHint ?? t('stepUp.codeHint')}
          error={errors?.code}
        >
          <FormControl>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              value={value.code}
              onChange={(e) => onChange({ ...value, code: e.target.value })}
            />
          </FormControl>
        </FormField>
      )}
      {!value.passkey && (
        <PasskeyStepUpButton onAnswer={(passkey) => onChange({ ...value, code: '', passkey })} />
      )}
    </>
  )
}

/**
 * For a user with passkeys: answers the session's step-up challenge with one, in place of the
 * code (the browser's passkey code loads on the click).
 */
function PasskeyStepUpButton({ onAnswer }: { onAnswer: (passkey: PasskeyAssertion) => void }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const client = useTRPCClient()
  const { data: passkeys } = useQuery(trpc.passkeys.list.queryOptions())
  const [error, setError] = useState<string | null>(null)
  const answer = useMutation({
    mutationFn: async () => signWithPasskey(await client.passkeys.stepUpOptions.mutate()),
    onMutate: () => setError(null),
    onSuccess: onAnswer,
    onError: (err) => setError(passkeyErrorMessage(err)),
  })
  if (!passkeys?.length) return null
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        className="w-full sm:w-fit"
        isLoading={answer.isPending}
        onClick={() => answer.mutate()}
      >
        {!answer.isPending && <KeyRound aria-hidden />}
        {t('stepUp.usePasskey')}
      </Button>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

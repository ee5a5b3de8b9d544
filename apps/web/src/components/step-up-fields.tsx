import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'

/** The account password and, when two-step verification is on, a code: the proof for an act. */
export interface StepUp {
  password: string
  code: string
}

/** Which step-up field a refusal is about; null when it is about something else. */
export function stepUpFieldOf(code: string): keyof StepUp | null {
  if (code === 'WRONG_PASSWORD' || code === 'STEP_UP_REQUIRED') return 'password'
  if (code === 'TWO_FACTOR_REQUIRED' || code === 'INVALID_TWO_FACTOR_CODE') return 'code'
  return null
}

/** The step-up's state for a form: its values, its fields' errors and what the server is sent. */
export function useStepUp() {
  const [value, setStepUp] = useState<StepUp>({ password: '', code: '' })
  const [errors, setErrors] = useState<Partial<StepUp>>({})
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
    /** what a procedure takes: the password and, when given, the code */
    proof: () => ({
      password: value.password,
      ...(value.code.trim() ? { code: value.code.trim() } : {}),
    }),
    reset: () => {
      setStepUp({ password: '', code: '' })
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
  errors?: Partial<StepUp>
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
    </>
  )
}

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

/** The step-up's state for a form: its values and what the server is sent of them. */
export function useStepUp() {
  const [value, setValue] = useState<StepUp>({ password: '', code: '' })
  return {
    value,
    setValue,
    isFilled: value.password !== '',
    /** what a procedure takes: the password and, when given, the code */
    proof: () => ({
      password: value.password,
      ...(value.code.trim() ? { code: value.code.trim() } : {}),
    }),
    reset: () => setValue({ password: '', code: '' }),
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
  passwordLabel,
  codeLabel,
  codeHint,
}: {
  id: string
  value: StepUp
  onChange: (value: StepUp) => void
  passwordLabel?: string
  codeLabel?: string
  codeHint?: string
}) {
  const { t } = useTranslation()
  return (
    <>
      <FormField id={`${id}-password`} label={passwordLabel ?? t('stepUp.password')}>
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

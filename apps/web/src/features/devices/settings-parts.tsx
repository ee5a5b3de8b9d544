/**
 * What the device settings page and the terminal settings card share: a titled card of settings,
 * a setting chosen from a list, and saving one setting with a toast.
 */
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormControl, FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { notify, notifyError } from '@/lib/notify'
import { useDeviceSettingsMutations } from './use-device-settings'

type SettingsPatch = Omit<
  Parameters<ReturnType<typeof useDeviceSettingsMutations>['update']['mutateAsync']>[0],
  'businessId'
>

/** Saves settings of the business's terminals: a toast says it was saved, or why it was not. */
export function useSaveDeviceSettings(businessId: string) {
  const { t } = useTranslation()
  const m = useDeviceSettingsMutations(businessId)
  return async (patch: SettingsPatch, failedTitle = t('devices.settings.toast.saveFailed')) => {
    try {
      await m.update.mutateAsync({ businessId, ...patch })
      notify.success(t('devices.settings.toast.saved'))
    } catch (error) {
      notifyError(error, failedTitle)
    }
  }
}

export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-6">{children}</CardContent>
    </Card>
  )
}

/** A number chosen from `choices` (seconds, say), each shown as `labelOf` says. */
export function ChoiceSetting({
  id,
  label,
  value,
  choices,
  labelOf,
  onChange,
}: {
  id: string
  label: string
  value: number
  choices: readonly number[]
  labelOf: (choice: number) => string
  onChange: (choice: number) => void
}) {
  return (
    <FormField id={id} label={label}>
      <FormControl>
        <NativeSelect value={value} onChange={(e) => onChange(Number(e.target.value))}>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {labelOf(choice)}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
    </FormField>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { DEVICE_MID_MAX, DEVICE_NAME_MAX, MID_PATTERN } from '@app/domain'
import { useMemo } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { Checkbox } from '@/components/ui/checkbox'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { handleFormError } from '@/lib/form-errors'

export interface DeviceValues {
  name: string
  isKiosk: boolean
  mid: string
}

/** Names a device login, its kiosk mode and its payment terminal's MID; new or existing. */
export function DeviceFormDialog({
  open,
  onOpenChange,
  initial,
  onSave,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  initial?: DeviceValues
  onSave: (values: DeviceValues) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('devices.form.nameRequired'))
          .max(DEVICE_NAME_MAX, t('validation.tooLong', { count: DEVICE_NAME_MAX })),
        isKiosk: z.boolean(),
        mid: z
          .string()
          .max(DEVICE_MID_MAX, t('devices.form.midTooLong', { count: DEVICE_MID_MAX }))
          .refine((v) => v === '' || MID_PATTERN.test(v), t('devices.form.midSpaces')),
      }),
    [t],
  )
  const form = useForm<DeviceValues>({
    resolver: zodResolver(schema),
    defaultValues: initial ?? { name: '', isKiosk: false, mid: '' },
  })
  const isEdit = initial !== undefined

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values)
      onOpenChange(false)
    } catch (error) {
      handleFormError(error, form, {
        title: isEdit ? t('devices.toast.updateFailed') : t('devices.toast.createFailed'),
        fieldByCode: { DEVICE_NAME_TAKEN: 'name' },
      })
    }
  })

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isEdit ? t('devices.form.editTitle') : t('devices.form.newTitle')}
      description={t('devices.form.intro')}
      cancelLabel={t('devices.cancel')}
      submitLabel={isEdit ? t('devices.form.save') : t('devices.form.create')}
      submitting={form.formState.isSubmitting}
      onSubmit={(e) => void submit(e)}
    >
      <FormField
        id="device-name"
        label={t('devices.form.name')}
        error={form.formState.errors.name?.message}
      >
        <FormControl>
          <Input
            autoFocus
            autoComplete="off"
            maxLength={DEVICE_NAME_MAX + 10}
            {...form.register('name')}
          />
        </FormControl>
      </FormField>
      <FormField
        id="device-mid"
        label={t('devices.form.mid')}
        description={t('devices.form.midHint')}
        error={form.formState.errors.mid?.message}
      >
        <FormControl>
          <Input autoComplete="off" spellCheck={false} {...form.register('mid')} />
        </FormControl>
      </FormField>
      <Controller
        control={form.control}
        name="isKiosk"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Checkbox
              id="device-kiosk"
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v === true)}
            />
            <div className="grid gap-1">
              <Label htmlFor="device-kiosk">{t('devices.form.kiosk')}</Label>
              <p className="text-xs text-muted-foreground">{t('devices.form.kioskHint')}</p>
            </div>
          </div>
        )}
      />
    </FormDialog>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import {
  PIN_PATTERN,
  STAFF_LANGUAGES,
  STAFF_PERMISSIONS,
  STRONG_PIN_MIN_DIGITS,
  needsStrongPin,
  type StaffLanguage,
  type TStaffPermissions,
} from '@app/domain'
import { useMemo } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { Checkbox } from '@/components/ui/checkbox'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { handleFormError } from '@/lib/form-errors'

export interface StaffValues {
  name: string
  language: StaffLanguage
  pin: string
  permissions: TStaffPermissions
}

/** A staff login's name, language, PIN and permissions; a PIN left empty keeps the old one. */
export function StaffFormDialog({
  open,
  onOpenChange,
  initial,
  onSave,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  initial?: Omit<StaffValues, 'pin'>
  onSave: (values: StaffValues) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const isEdit = initial !== undefined
  const schema = useMemo(
    () =>
      z
        .object({
          name: z.string().trim().min(1, t('devices.staff.form.nameRequired')).max(64),
          language: z.enum(STAFF_LANGUAGES),
          pin: z
            .string()
            .refine(
              (v) => (isEdit && v === '') || PIN_PATTERN.test(v),
              t('devices.staff.form.pinRule'),
            ),
          permissions: z.object({
            eodReport: z.boolean(),
            refundReport: z.boolean(),
            refund: z.boolean(),
          }),
        })
        // staff who may refund or see reports need a longer PIN (the server checks it too)
        .refine(
          (v) =>
            v.pin === '' || !needsStrongPin(v.permissions) || v.pin.length >= STRONG_PIN_MIN_DIGITS,
          { path: ['pin'], message: t('devices.staff.form.pinRuleStrong') },
        ),
    [t, isEdit],
  )
  const form = useForm<StaffValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: initial?.name ?? '',
      language: initial?.language ?? 'none',
      pin: '',
      permissions: initial?.permissions ?? { eodReport: false, refundReport: false, refund: false },
    },
  })

  const strong = needsStrongPin(useWatch({ control: form.control, name: 'permissions' }))

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values)
      onOpenChange(false)
    } catch (error) {
      handleFormError(error, form, {
        title: isEdit
          ? t('devices.staff.toast.updateFailed')
          : t('devices.staff.toast.createFailed'),
        fieldByCode: { STAFF_PIN_TAKEN: 'pin', STAFF_PIN_TOO_SHORT: 'pin' },
      })
    }
  })

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isEdit ? t('devices.staff.form.editTitle') : t('devices.staff.form.newTitle')}
      description={t('devices.staff.form.intro')}
      cancelLabel={t('devices.cancel')}
      submitLabel={isEdit ? t('devices.form.save') : t('devices.staff.form.create')}
      submitting={form.formState.isSubmitting}
      onSubmit={(e) => void submit(e)}
    >
      <FormField
        id="staff-name"
        label={t('devices.staff.form.name')}
        error={form.formState.errors.name?.message}
      >
        <FormControl>
          <Input autoFocus autoComplete="off" {...form.register('name')} />
        </FormControl>
      </FormField>
      <FormField id="staff-language" label={t('devices.staff.form.language')}>
        <FormControl>
          <NativeSelect {...form.register('language')}>
            {STAFF_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`devices.staff.languages.${l}`)}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
      </FormField>
      <FormField
        id="staff-pin"
        label={t('devices.staff.form.pin')}
        description={
          isEdit
            ? t('devices.staff.form.pinKeep')
            : strong
              ? t('devices.staff.form.pinRuleStrong')
              : t('devices.staff.form.pinRule')
        }
        error={form.formState.errors.pin?.message}
      >
        <FormControl>
          <Input
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            {...form.register('pin')}
          />
        </FormControl>
      </FormField>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t('devices.staff.form.permissions')}</legend>
        {STAFF_PERMISSIONS.map((p) => (
          <Controller
            key={p}
            control={form.control}
            name={`permissions.${p}`}
            render={({ field }) => (
              <div className="flex items-center gap-3">
                <Checkbox
                  id={`perm-${p}`}
                  checked={field.value}
                  onCheckedChange={(v) => field.onChange(v === true)}
                />
                <Label htmlFor={`perm-${p}`}>{t(`devices.staff.permissions.${p}`)}</Label>
              </div>
            )}
          />
        ))}
      </fieldset>
    </FormDialog>
  )
}

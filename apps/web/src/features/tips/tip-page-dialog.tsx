import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { handleFormError } from '@/lib/form-errors'
import {
  TIP_DESCRIPTION_MAX,
  TIP_NAME_CHARS,
  TIP_NAME_MAX,
  TIP_NAME_MIN,
  lightningAddressOf,
  normalizeTipName,
} from './tip-name'

export interface TipPageValues {
  shortName: string
  description: string
}

/** Names a tip page (its Lightning address) and says what payers read; for a new or an existing page. */
export function TipPageDialog({
  open,
  onOpenChange,
  host,
  initial,
  onSave,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  host: string
  /** the page being edited; absent for a new one */
  initial?: TipPageValues
  onSave: (values: TipPageValues) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const schema = useMemo(
    () =>
      z.object({
        shortName: z
          .string()
          .transform(normalizeTipName)
          .pipe(
            z
              .string()
              .min(TIP_NAME_MIN, t('tips.form.nameTooShort', { count: TIP_NAME_MIN }))
              .max(TIP_NAME_MAX, t('tips.form.nameTooLong', { count: TIP_NAME_MAX }))
              .regex(TIP_NAME_CHARS, t('tips.form.nameChars')),
          ),
        description: z
          .string()
          .trim()
          .min(1, t('tips.form.descriptionRequired'))
          .max(TIP_DESCRIPTION_MAX, t('validation.tooLong', { count: TIP_DESCRIPTION_MAX })),
      }),
    [t],
  )
  // Mounted afresh for each opening (see the page), so the initial values are read once.
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: initial ?? { shortName: '', description: '' },
  })
  const typedName = normalizeTipName(useWatch({ control: form.control, name: 'shortName' }))
  const isEdit = initial !== undefined

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values)
      onOpenChange(false)
    } catch (error) {
      handleFormError(error, form, {
        title: t('tips.form.saveFailed'),
        fieldByCode: { TIP_NAME_TAKEN: 'shortName', TIP_NAME_RESERVED: 'shortName' },
      })
    }
  })

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isEdit ? t('tips.form.editTitle') : t('tips.form.newTitle')}
      description={t('tips.form.intro')}
      cancelLabel={t('tips.form.cancel')}
      submitLabel={isEdit ? t('tips.form.save') : t('tips.form.create')}
      submitting={form.formState.isSubmitting}
      onSubmit={(e) => void submit(e)}
    >
      <FormField
        id="tip-name"
        label={t('tips.form.name')}
        description={t('tips.form.nameHint', { min: TIP_NAME_MIN, max: TIP_NAME_MAX })}
        error={form.formState.errors.shortName?.message}
      >
        <div className="flex items-stretch">
          <FormControl>
            <Input
              autoFocus
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={TIP_NAME_MAX + host.length + 1}
              className="min-w-0 flex-1 rounded-r-none"
              {...form.register('shortName')}
            />
          </FormControl>
          <span
            title={`@${host}`}
            className="flex max-w-[65%] shrink-0 items-center overflow-hidden rounded-r-md border border-l-0 border-input bg-muted px-3 text-sm whitespace-nowrap text-muted-foreground"
          >
            @{host}
          </span>
        </div>
      </FormField>
      <FormField id="tip-address" label={t('tips.form.address')}>
        <FormControl>
          <Input
            readOnly
            tabIndex={-1}
            value={lightningAddressOf(typedName, host)}
            className="bg-muted font-mono text-muted-foreground"
          />
        </FormControl>
      </FormField>
      <FormField
        id="tip-description"
        label={t('tips.form.description')}
        description={t('tips.form.descriptionHint')}
        error={form.formState.errors.description?.message}
      >
        <FormControl>
          <Textarea rows={3} {...form.register('description')} />
        </FormControl>
      </FormField>
    </FormDialog>
  )
}

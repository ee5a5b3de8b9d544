import { zodResolver } from '@hookform/resolvers/zod'
import { API_KEY_SCOPES, DEFAULT_API_KEY_SCOPES, type ApiKeyScope } from '@app/domain'
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
import { scopeHelpKey, withScope } from './api-key-scopes'

const NAME_MAX = 100

export interface ApiKeyValues {
  name: string
  scopes: ApiKeyScope[]
}

/** Names a new key and chooses its scopes, each with what it allows; none sends money. */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
  onCreate,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreate: (values: ApiKeyValues) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('apiKeys.form.nameRequired'))
          .max(NAME_MAX, t('validation.tooLong', { count: NAME_MAX })),
        scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, t('apiKeys.form.scopesRequired')),
      }),
    [t],
  )
  const form = useForm<ApiKeyValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', scopes: [...DEFAULT_API_KEY_SCOPES] },
  })

  const submit = form.handleSubmit(async (values) => {
    try {
      await onCreate(values)
      onOpenChange(false)
    } catch (error) {
      handleFormError(error, form, { title: t('apiKeys.toast.createFailed') })
    }
  })
  const scopesError = form.formState.errors.scopes?.message

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('apiKeys.form.title')}
      description={t('apiKeys.form.intro')}
      cancelLabel={t('apiKeys.cancel')}
      submitLabel={t('apiKeys.form.submit')}
      submitting={form.formState.isSubmitting}
      onSubmit={(e) => void submit(e)}
    >
      <FormField
        id="api-key-name"
        label={t('apiKeys.form.name')}
        error={form.formState.errors.name?.message}
      >
        <FormControl>
          <Input
            autoFocus
            autoComplete="off"
            placeholder={t('apiKeys.form.namePlaceholder')}
            maxLength={NAME_MAX + 10}
            {...form.register('name')}
          />
        </FormControl>
      </FormField>
      <Controller
        control={form.control}
        name="scopes"
        render={({ field }) => (
          <fieldset
            className="grid gap-3"
            aria-describedby={scopesError ? 'api-key-scopes-error' : 'api-key-scopes-hint'}
          >
            <legend className="mb-1 text-sm font-medium">{t('apiKeys.form.scopes')}</legend>
            {API_KEY_SCOPES.map((scope) => {
              const id = `api-key-scope-${scope.replace(':', '-')}`
              return (
                <div key={scope} className="flex items-start gap-3">
                  <Checkbox
                    id={id}
                    checked={field.value.includes(scope)}
                    onCheckedChange={(v) =>
                      field.onChange(withScope(field.value, scope, v === true))
                    }
                    aria-describedby={`${id}-help`}
                  />
                  <div className="grid min-w-0 gap-0.5">
                    <Label htmlFor={id} className="font-mono text-sm">
                      {scope}
                    </Label>
                    <p id={`${id}-help`} className="text-xs text-muted-foreground">
                      {t(scopeHelpKey(scope))}
                    </p>
                  </div>
                </div>
              )
            })}
            {scopesError ? (
              <p id="api-key-scopes-error" className="text-xs font-medium text-destructive">
                {scopesError}
              </p>
            ) : (
              <p id="api-key-scopes-hint" className="text-xs text-muted-foreground">
                {t('apiKeys.form.noPayouts')}
              </p>
            )}
          </fieldset>
        )}
      />
    </FormDialog>
  )
}

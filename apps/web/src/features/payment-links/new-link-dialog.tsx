import { zodResolver } from '@hookform/resolvers/zod'
import {
  INVOICE_LIMITS,
  PAYMENT_LINK_LIMITS,
  type InvoiceCurrency,
  type TPaymentLinkInput,
} from '@app/domain'
import { useMemo } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormDialog } from '@/components/form-dialog'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Textarea } from '@/components/ui/textarea'
import { handleFormError } from '@/lib/form-errors'
import {
  emptyLinkForm,
  linkFormProblems,
  toLinkInput,
  type LinkFormValues,
  type LinkLimit,
} from './link-form'

const LIMITS: LinkLimit[] = ['none', 'once', 'uses', 'until']

/** The form of a new payment link: name, description, amount (fixed or open), limits, return URL. */
export function NewLinkDialog({
  open,
  onOpenChange,
  currency,
  onCreate,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** the business's own currency */
  currency: InvoiceCurrency
  onCreate: (input: TPaymentLinkInput) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const schema = useMemo(
    () =>
      z
        .object({
          name: z
            .string()
            .trim()
            .min(1, t('paymentLinks.form.nameRequired'))
            .max(
              PAYMENT_LINK_LIMITS.nameMax,
              t('validation.tooLong', { count: PAYMENT_LINK_LIMITS.nameMax }),
            ),
          description: z
            .string()
            .max(
              INVOICE_LIMITS.descriptionMax,
              t('validation.tooLong', { count: INVOICE_LIMITS.descriptionMax }),
            ),
          amountType: z.enum(['fixed', 'open']),
          currency: z.custom<InvoiceCurrency>(),
          amount: z.string(),
          limit: z.enum(['none', 'once', 'uses', 'until']),
          maxUses: z.string(),
          until: z.string(),
          redirectUrl: z.string().max(INVOICE_LIMITS.redirectUrlMax),
        })
        .superRefine((values, ctx) => {
          for (const [path, problem] of Object.entries(linkFormProblems(values, new Date()))) {
            ctx.addIssue({
              code: 'custom',
              path: [path],
              message: t(`paymentLinks.form.problem.${problem}`, {
                count: PAYMENT_LINK_LIMITS.maxUses,
              }),
            })
          }
        }),
    [t],
  )
  const form = useForm<LinkFormValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyLinkForm(currency),
  })
  const amountType = useWatch({ control: form.control, name: 'amountType' })
  const limit = useWatch({ control: form.control, name: 'limit' })
  const errors = form.formState.errors

  const submit = form.handleSubmit(async (values) => {
    try {
      await onCreate(toLinkInput(values))
      onOpenChange(false)
    } catch (error) {
      handleFormError(error, form, { title: t('paymentLinks.toast.createFailed') })
    }
  })

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('paymentLinks.form.title')}
      description={t('paymentLinks.form.intro')}
      cancelLabel={t('paymentLinks.cancel')}
      submitLabel={t('paymentLinks.form.create')}
      submitting={form.formState.isSubmitting}
      onSubmit={(e) => void submit(e)}
    >
      <FormField id="link-name" label={t('paymentLinks.form.name')} error={errors.name?.message}>
        <FormControl>
          <Input
            autoFocus
            autoComplete="off"
            placeholder={t('paymentLinks.form.namePlaceholder')}
            {...form.register('name')}
          />
        </FormControl>
      </FormField>
      <FormField
        id="link-description"
        label={t('paymentLinks.form.description')}
        description={t('paymentLinks.form.descriptionHint')}
        error={errors.description?.message}
      >
        <FormControl>
          <Textarea rows={2} {...form.register('description')} />
        </FormControl>
      </FormField>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t('paymentLinks.form.amountType')}</legend>
        <Controller
          control={form.control}
          name="amountType"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onValueChange={field.onChange}
              className="sm:grid-cols-2"
            >
              {(['fixed', 'open'] as const).map((value) => (
                <div key={value} className="flex items-center gap-2">
                  <RadioGroupItem value={value} id={`link-amount-${value}`} />
                  <Label htmlFor={`link-amount-${value}`}>
                    {t(`paymentLinks.form.amountTypes.${value}`)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
        {amountType === 'fixed' ? (
          <div className="grid grid-cols-[1fr_auto] items-start gap-2">
            <FormField
              id="link-amount"
              label={t('paymentLinks.form.amount')}
              error={errors.amount?.message}
            >
              <FormControl>
                <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
              </FormControl>
            </FormField>
            <FormField id="link-currency" label={t('paymentLinks.form.currency')}>
              <FormControl>
                <NativeSelect className="w-28" {...form.register('currency')}>
                  <option value={currency}>{currency}</option>
                  <option value="SAT">{t('paymentLinks.sats')}</option>
                </NativeSelect>
              </FormControl>
            </FormField>
          </div>
        ) : (
          <p className="text-xs text-muted-foreground">{t('paymentLinks.form.openHint')}</p>
        )}
      </fieldset>

      <FormField id="link-limit" label={t('paymentLinks.form.limit')}>
        <FormControl>
          <NativeSelect {...form.register('limit')}>
            {LIMITS.map((value) => (
              <option key={value} value={value}>
                {t(`paymentLinks.form.limits.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
      </FormField>
      {limit === 'uses' && (
        <FormField
          id="link-max-uses"
          label={t('paymentLinks.form.maxUses')}
          error={errors.maxUses?.message}
        >
          <FormControl>
            <Input inputMode="numeric" autoComplete="off" {...form.register('maxUses')} />
          </FormControl>
        </FormField>
      )}
      {limit === 'until' && (
        <FormField
          id="link-until"
          label={t('paymentLinks.form.until')}
          description={t('paymentLinks.form.untilHint')}
          error={errors.until?.message}
        >
          <FormControl>
            <Input type="date" {...form.register('until')} />
          </FormControl>
        </FormField>
      )}
      <FormField
        id="link-redirect"
        label={t('paymentLinks.form.redirectUrl')}
        description={t('paymentLinks.form.redirectHint')}
        error={errors.redirectUrl?.message}
      >
        <FormControl>
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://"
            {...form.register('redirectUrl')}
          />
        </FormControl>
      </FormField>
    </FormDialog>
  )
}

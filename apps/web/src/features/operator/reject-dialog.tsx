import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'

/** The same limits the server puts on a reason. */
const REASON_MIN = 3
const REASON_MAX = 2000

/** Asks for the reason the applicant will read, then rejects. */
export function RejectDialog({
  open,
  onOpenChange,
  businessName,
  isRejecting,
  onReject,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  businessName: string
  isRejecting: boolean
  onReject: (reason: string) => void
}) {
  const { t } = useTranslation()
  const schema = useMemo(
    () =>
      z.object({
        reason: z
          .string()
          .trim()
          .min(REASON_MIN, t('operator.reject.reasonTooShort', { count: REASON_MIN }))
          .max(REASON_MAX, t('validation.tooLong', { count: REASON_MAX })),
      }),
    [t],
  )
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset()
        onOpenChange(next)
      }}
    >
      <DialogContent closeLabel={t('operator.reject.cancel')}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => onReject(values.reason))}
        >
          <DialogHeader>
            <DialogTitle>{t('operator.reject.title', { name: businessName })}</DialogTitle>
            <DialogDescription>{t('operator.reject.description')}</DialogDescription>
          </DialogHeader>
          <FormField
            id="reject-reason"
            label={t('operator.reject.reason')}
            description={t('operator.reject.reasonHint')}
            error={form.formState.errors.reason?.message}
          >
            <FormControl>
              <Textarea rows={5} autoFocus {...form.register('reason')} />
            </FormControl>
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('operator.reject.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" isLoading={isRejecting}>
              {t('operator.reject.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

import { ZBusinessWebhookInput, type InvoiceEvent } from '@app/domain'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '@/components/form-dialog'
import { Checkbox } from '@/components/ui/checkbox'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { notifyError } from '@/lib/notify'
import { EVENTS, eventKey } from './event-names'

/** The URL and the events of a new webhook (every event ticked to begin with). */
export function AddWebhookDialog({
  open,
  onOpenChange,
  submitting,
  onAdd,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  submitting: boolean
  onAdd: (input: { url: string; events: InvoiceEvent[] }) => Promise<void>
}) {
  const { t } = useTranslation()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<InvoiceEvent[]>(EVENTS)
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({})

  const toggle = (event: InvoiceEvent, on: boolean) => {
    setErrors((now) => ({ ...now, events: undefined }))
    setEvents((now) =>
      on ? EVENTS.filter((e) => e === event || now.includes(e)) : now.filter((e) => e !== event),
    )
  }

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const parsed = ZBusinessWebhookInput.safeParse({ url: url.trim(), events })
    if (!parsed.success) {
      const paths = new Set(parsed.error.issues.map((i) => i.path[0]))
      setErrors({
        url: paths.has('url') ? t('invoiceWebhooks.form.urlInvalid') : undefined,
        events: paths.has('events') ? t('invoiceWebhooks.form.eventsNone') : undefined,
      })
      return
    }
    setErrors({})
    try {
      await onAdd(parsed.data)
      setUrl('')
      setEvents(EVENTS)
    } catch (error) {
      notifyError(error, t('invoiceWebhooks.toast.addFailed'))
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('invoiceWebhooks.form.title')}
      description={t('invoiceWebhooks.form.description')}
      cancelLabel={t('invoiceWebhooks.cancel')}
      submitLabel={t('invoiceWebhooks.form.submit')}
      submitting={submitting}
      onSubmit={(e) => void submit(e)}
    >
      <FormField
        id="invoice-webhook-url"
        label={t('invoiceWebhooks.form.url')}
        description={t('invoiceWebhooks.form.urlHint')}
        error={errors.url}
      >
        <FormControl>
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://shop.example.com/hooks/bitcoin"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value)
              setErrors((now) => ({ ...now, url: undefined }))
            }}
          />
        </FormControl>
      </FormField>
      <fieldset
        className="grid gap-3"
        aria-describedby={errors.events ? 'invoice-webhook-events-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{t('invoiceWebhooks.form.events')}</legend>
        {EVENTS.map((event) => (
          <div key={event} className="flex items-start gap-3">
            <Checkbox
              id={`invoice-webhook-event-${event}`}
              className="mt-0.5"
              checked={events.includes(event)}
              onCheckedChange={(v) => toggle(event, v === true)}
            />
            <Label
              htmlFor={`invoice-webhook-event-${event}`}
              className="grid gap-1 leading-snug font-normal"
            >
              <span className="font-mono text-xs">{event}</span>
              <span className="text-muted-foreground">{t(eventKey(event))}</span>
            </Label>
          </div>
        ))}
        {errors.events && (
          <p id="invoice-webhook-events-error" className="text-xs font-medium text-destructive">
            {errors.events}
          </p>
        )}
      </fieldset>
    </FormDialog>
  )
}

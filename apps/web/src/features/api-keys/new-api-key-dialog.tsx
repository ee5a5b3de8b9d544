import { ShieldAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'

/**
 * A new key, the only time it is shown: the key with a Copy button and a warning that it will
 * not be shown again. Closing the dialog forgets it (the server keeps only its hash).
 */
export function NewApiKeyDialog({
  fresh,
  onDone,
}: {
  fresh: { name: string; key: string } | null
  onDone: () => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog open={fresh !== null} onOpenChange={(open) => !open && onDone()}>
      <DialogContent
        closeLabel={t('apiKeys.close')}
        data-testid="new-api-key"
        // a click beside the dialog must not lose the key unseen
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{t('apiKeys.fresh.title')}</DialogTitle>
          <DialogDescription>
            {t('apiKeys.fresh.intro', { name: fresh?.name ?? '' })}
          </DialogDescription>
        </DialogHeader>
        <Alert variant="warning">
          <ShieldAlert aria-hidden />
          <AlertTitle>{t('apiKeys.fresh.onceTitle')}</AlertTitle>
          <AlertDescription>{t('apiKeys.fresh.onceMessage')}</AlertDescription>
        </Alert>
        <div className="grid gap-2">
          <p
            id="new-api-key-label"
            className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
          >
            {t('apiKeys.fresh.keyLabel')}
          </p>
          <code
            aria-labelledby="new-api-key-label"
            data-testid="new-api-key-value"
            className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all select-all"
          >
            {fresh?.key}
          </code>
          <CopyButton value={fresh?.key ?? ''} label={t('apiKeys.fresh.copy')} className="w-fit" />
        </div>
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            {t('apiKeys.fresh.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

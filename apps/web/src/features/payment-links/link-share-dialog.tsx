import { ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { QrCodeButton } from '@/components/payments/qr-code-button'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'

/** A payment link's URL and QR code to share: right after it is made, or from the list. */
export function LinkShareDialog({
  link,
  isNew,
  onClose,
}: {
  link: { name: string; url: string } | null
  isNew: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('paymentLinks.close')}>
        {link && (
          <>
            <DialogHeader>
              <DialogTitle>
                {isNew ? t('paymentLinks.share.newTitle') : t('paymentLinks.share.title')}
              </DialogTitle>
              <DialogDescription>
                {t('paymentLinks.share.description', { name: link.name })}
              </DialogDescription>
            </DialogHeader>
            <QrCodeButton
              value={link.url}
              copyValue={link.url}
              label={t('paymentLinks.share.qrLabel', { name: link.name })}
              className="max-w-60"
            />
            <p
              className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
              data-testid="payment-link-url"
            >
              {link.url}
            </p>
            <DialogFooter>
              <Button asChild variant="outline">
                <a href={link.url} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden />
                  {t('paymentLinks.open')}
                </a>
              </Button>
              <CopyButton value={link.url} label={t('paymentLinks.copy')} />
              <Button type="button" onClick={onClose}>
                {t('paymentLinks.share.done')}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

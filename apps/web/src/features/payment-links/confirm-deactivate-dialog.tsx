import { useTranslation } from 'react-i18next'
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

/** Asks before a link stops taking payments (it can be reactivated later). */
export function ConfirmDeactivateDialog({
  name,
  open,
  onOpenChange,
  isPending,
  onConfirm,
}: {
  name: string
  open: boolean
  onOpenChange: (open: boolean) => void
  isPending: boolean
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('paymentLinks.cancel')}>
        <DialogHeader>
          <DialogTitle>{t('paymentLinks.deactivate.title')}</DialogTitle>
          <DialogDescription>
            {t('paymentLinks.deactivate.description', { name })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('paymentLinks.cancel')}
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" isLoading={isPending} onClick={onConfirm}>
            {t('paymentLinks.deactivate.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

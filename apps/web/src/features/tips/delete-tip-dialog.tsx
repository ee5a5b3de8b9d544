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

/** Asks before a tip page (and with it its Lightning address) goes away. */
export function DeleteTipDialog({
  address,
  open,
  onOpenChange,
  isDeleting,
  onDelete,
}: {
  address: string
  open: boolean
  onOpenChange: (open: boolean) => void
  isDeleting: boolean
  onDelete: () => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('tips.form.cancel')}>
        <DialogHeader>
          <DialogTitle>{t('tips.delete.title')}</DialogTitle>
          <DialogDescription>{t('tips.delete.description', { address })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('tips.form.cancel')}
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" isLoading={isDeleting} onClick={onDelete}>
            {t('tips.delete.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

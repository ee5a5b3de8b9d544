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
import { shownKey } from './api-key-scopes'

/** Asks before a key is revoked: the shop using it stops at once, for good. */
export function RevokeApiKeyDialog({
  apiKey,
  isPending,
  onOpenChange,
  onConfirm,
}: {
  apiKey: { name: string; shownPrefix: string } | null
  isPending: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog open={apiKey !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('apiKeys.close')}>
        <DialogHeader>
          <DialogTitle>{t('apiKeys.revoke.title')}</DialogTitle>
          <DialogDescription>
            {t('apiKeys.revoke.description', {
              name: apiKey?.name ?? '',
              prefix: shownKey(apiKey?.shownPrefix ?? ''),
            })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('apiKeys.cancel')}
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" isLoading={isPending} onClick={onConfirm}>
            {t('apiKeys.revoke.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

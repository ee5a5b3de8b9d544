import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Download, ShieldCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'
import { formatDate } from '@/lib/format'
import { notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

/** Saves base64 content as a file the browser downloads. */
function saveFile(base64: string, fileName: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}

/**
 * The static channel backup: downloaded only once the node has verified it, and kept by the
 * platform (updated on every channel change) with the time of the latest.
 */
export function ChannelBackupCard({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const info = useQuery(trpc.node.backupInfo.queryOptions({ businessId }))
  const download = useMutation(
    trpc.node.channelBackup.mutationOptions({
      onSuccess: async (backup) => {
        const day = new Date(backup.verifiedAt).toISOString().slice(0, 10)
        saveFile(backup.fileBase64, `channel-backup-${day}.backup`)
        notify.success(
          t('nodeAdmin.backup.downloaded'),
          t('nodeAdmin.backup.downloadedText', { count: backup.channelCount }),
        )
        await queryClient.invalidateQueries({ queryKey: trpc.node.backupInfo.queryKey() })
      },
      onError: (error) => notifyError(error, t('nodeAdmin.backup.downloadFailed')),
    }),
  )
  const last = info.data?.last
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('nodeAdmin.backup.channelTitle')}</CardTitle>
        <CardDescription>{t('nodeAdmin.backup.channelDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p className="flex items-center gap-2" data-testid="last-backup">
          <ShieldCheck className="size-4 text-success" aria-hidden />
          {last
            ? t('nodeAdmin.backup.lastBackup', {
                time: formatDate(new Date(last.verifiedAt), { timeStyle: 'short' }),
                count: last.channelCount,
              })
            : t('nodeAdmin.backup.noBackupYet')}
        </p>
        <p className="text-muted-foreground">{t('nodeAdmin.backup.keptText')}</p>
      </CardContent>
      <CardFooter className="justify-end bg-muted/40">
        <Button
          onClick={() => download.mutate({ businessId })}
          isLoading={download.isPending}
          className="max-sm:w-full"
        >
          <Download aria-hidden />
          {t('nodeAdmin.backup.download')}
        </Button>
      </CardFooter>
    </Card>
  )
}

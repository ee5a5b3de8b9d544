import { AlertTriangle, Pencil, Plus, Trash2, Zap } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListEmpty, ListLoadFailed, ListPending } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card'
import { notify, notifyError } from '@/lib/notify'
import { CopyButton } from '@/components/copy-button'
import { useWalletCapabilities } from '@/components/payments/payment-data'
import { QrCodeButton } from '@/components/payments/qr-code-button'
import { DeleteTipDialog } from './delete-tip-dialog'
import { TipPageDialog, type TipPageValues } from './tip-page-dialog'
import { useTipMutations, useTipPages } from './use-tips'
import { PayWithDemoWallet } from '@/components/demo/demo'
import { formatSatNumber } from '@/lib/money-format'

interface TipPage {
  id: string
  shortName: string
  description: string
  lightningAddress: string
  lnurl: string
}

type Editing = { kind: 'new' } | { kind: 'edit'; page: TipPage } | null

/** The business's tip pages: each a Lightning address and its LNURL code for payers to scan. */
export function TipsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const capabilities = useWalletCapabilities(businessId)
  const list = useTipPages(businessId)
  const { create, update, remove } = useTipMutations(businessId)
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<TipPage | null>(null)

  const canTakeTips = capabilities !== undefined && capabilities?.descriptionHash === true
  const host = list.data?.addressHost ?? ''
  const pages = list.data?.pages ?? []

  const save = (values: TipPageValues) =>
    editing?.kind === 'edit'
      ? update.mutateAsync({ businessId, tipPageId: editing.page.id, ...values })
      : create.mutateAsync({ businessId, ...values })

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await remove.mutateAsync({ businessId, tipPageId: deleting.id })
      notify.success(t('tips.delete.done', { address: deleting.lightningAddress }))
      setDeleting(null)
    } catch (error) {
      notifyError(error, t('tips.delete.failed'))
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title={t('pages.lightningTips')}
        description={t('tips.intro')}
        actions={
          canTakeTips && pages.length > 0 ? (
            <Button onClick={() => setEditing({ kind: 'new' })}>
              <Plus aria-hidden />
              {t('tips.new')}
            </Button>
          ) : undefined
        }
      />

      {capabilities === null && (
        <Alert variant="warning" className="mb-6">
          <AlertTriangle aria-hidden />
          <AlertTitle>{t('tips.noWallet.title')}</AlertTitle>
          <AlertDescription>{t('tips.noWallet.message')}</AlertDescription>
        </Alert>
      )}
      {capabilities && !capabilities.descriptionHash && (
        <Alert variant="warning" className="mb-6">
          <AlertTriangle aria-hidden />
          <AlertTitle>{t('tips.unsupported.title')}</AlertTitle>
          <AlertDescription>{t('tips.unsupported.message')}</AlertDescription>
        </Alert>
      )}

      {list.isPending ? (
        <ListPending />
      ) : list.isError ? (
        <ListLoadFailed title={t('tips.loadFailed')} onRetry={() => void list.refetch()} />
      ) : pages.length === 0 ? (
        canTakeTips && (
          <ListEmpty icon={Zap} title={t('tips.empty.title')} message={t('tips.empty.message')}>
            <Button className="mt-6" onClick={() => setEditing({ kind: 'new' })}>
              <Plus aria-hidden />
              {t('tips.new')}
            </Button>
          </ListEmpty>
        )
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {pages.map((page) => (
            <li key={page.id}>
              <TipPageCard
                page={page}
                onEdit={() => setEditing({ kind: 'edit', page })}
                onDelete={() => setDeleting(page)}
              />
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <TipPageDialog
          key={editing.kind === 'edit' ? editing.page.id : 'new'}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          host={host}
          initial={
            editing?.kind === 'edit'
              ? { shortName: editing.page.shortName, description: editing.page.description }
              : undefined
          }
          onSave={save}
        />
      )}
      <DeleteTipDialog
        address={deleting?.lightningAddress ?? ''}
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        isDeleting={remove.isPending}
        onDelete={() => void confirmDelete()}
      />
    </div>
  )
}

function TipPageCard({
  page,
  onEdit,
  onDelete,
}: {
  page: TipPage
  onEdit: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation()
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="gap-1 px-4 sm:px-6">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('tips.card.address')}
        </p>
        <h2 className="font-mono text-base font-semibold break-all text-foreground">
          {page.lightningAddress}
        </h2>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4 px-4 sm:px-6">
        <QrCodeButton
          value={page.lnurl}
          copyValue={page.lnurl}
          label={t('tips.card.qrLabel', { address: page.lightningAddress })}
          className="max-w-56"
        />
        <div>
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {t('tips.card.description')}
          </p>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-foreground">
            {page.description}
          </p>
        </div>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2 px-4 sm:px-6">
        <CopyButton value={page.lightningAddress} label={t('tips.card.copy')} size="sm" />
        <PayWithDemoWallet
          request={page.lightningAddress}
          amountSat={1_000}
          size="sm"
          label={t('demo.wallet.tip', { amount: formatSatNumber(1_000) })}
        />
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden />
          {t('tips.card.edit')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto text-destructive hover:text-destructive"
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
          {t('tips.card.delete')}
        </Button>
      </CardFooter>
    </Card>
  )
}

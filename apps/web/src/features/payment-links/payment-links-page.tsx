import { currencyOrDefault, type TPaymentLinkInput } from '@app/domain'
import { useQuery } from '@tanstack/react-query'
import { ExternalLink, Link2, Plus, Power, QrCode } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { ListEmpty, ListLoadFailed, ListPending } from '@/components/list-states'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { useBusinessRole } from '@/lib/business-role'
import { formatDate } from '@/lib/format'
import { formatFiat, formatSatNumber } from '@/lib/money-format'
import { notify, notifyError } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { ConfirmDeactivateDialog } from './confirm-deactivate-dialog'
import { LinkShareDialog } from './link-share-dialog'
import { NewLinkDialog } from './new-link-dialog'
import { usePaymentLinkMutations, usePaymentLinks, type PaymentLink } from './use-payment-links'

/**
 * A business's payment links: each a URL and QR code a customer opens to pay (every use makes
 * an invoice), with its uses and what was paid through it; made, shared and switched off here.
 */
export function PaymentLinksPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const business = useQuery(trpc.businesses.get.queryOptions({ businessId }))
  const currency = currencyOrDefault(business.data?.currency)
  const list = usePaymentLinks(businessId)
  const m = usePaymentLinkMutations(businessId)
  const canManage = useBusinessRole(businessId).allows('paymentLinks.manage')
  const [isCreating, setIsCreating] = useState(false)
  const [shared, setShared] = useState<{ link: PaymentLink; isNew: boolean } | null>(null)
  const [deactivating, setDeactivating] = useState<PaymentLink | null>(null)
  const links = list.data ?? []

  const create = async (input: TPaymentLinkInput) => {
    const link = await m.create.mutateAsync({ businessId, ...input })
    notify.success(t('paymentLinks.toast.created', { name: link.name }))
    setShared({ link, isNew: true })
  }

  const setActive = async (link: PaymentLink, active: boolean) => {
    try {
      await m.setActive.mutateAsync({ businessId, linkId: link.id, active })
      notify.success(
        active
          ? t('paymentLinks.toast.reactivated', { name: link.name })
          : t('paymentLinks.toast.deactivated', { name: link.name }),
      )
      setDeactivating(null)
    } catch (error) {
      notifyError(error, t('paymentLinks.toast.updateFailed'))
    }
  }

  const newButton = (
    <Button onClick={() => setIsCreating(true)}>
      <Plus aria-hidden />
      {t('paymentLinks.new')}
    </Button>
  )

  return (
    <>
      <PageHeader
        title={t('paymentLinks.title')}
        description={t('paymentLinks.intro')}
        actions={canManage && links.length > 0 ? newButton : undefined}
      />
      {list.isPending ? (
        <ListPending />
      ) : list.isError ? (
        <ListLoadFailed title={t('paymentLinks.loadFailed')} onRetry={() => void list.refetch()} />
      ) : links.length === 0 ? (
        <ListEmpty
          icon={Link2}
          title={t('paymentLinks.empty.title')}
          message={t('paymentLinks.empty.message')}
        >
          {canManage && <div className="mt-6">{newButton}</div>}
        </ListEmpty>
      ) : (
        <ul className="grid gap-4" aria-label={t('paymentLinks.title')}>
          {links.map((link) => (
            <li key={link.id}>
              <LinkCard
                link={link}
                canManage={canManage}
                onShowQr={() => setShared({ link, isNew: false })}
                onDeactivate={() => setDeactivating(link)}
                onReactivate={() => void setActive(link, true)}
              />
            </li>
          ))}
        </ul>
      )}

      {isCreating && (
        <NewLinkDialog open onOpenChange={setIsCreating} currency={currency} onCreate={create} />
      )}
      <LinkShareDialog
        link={shared?.link ?? null}
        isNew={shared?.isNew ?? false}
        onClose={() => setShared(null)}
      />
      <ConfirmDeactivateDialog
        name={deactivating?.name ?? ''}
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        isPending={m.setActive.isPending}
        onConfirm={() => deactivating && void setActive(deactivating, false)}
      />
    </>
  )
}

/** An amount of a link or invoice: minor units of a currency, or sats. */
export function useLinkAmount() {
  const { t } = useTranslation()
  return (amount: number, currency: string) =>
    currency === 'SAT'
      ? t('paymentLinks.satAmount', { amount: formatSatNumber(amount) })
      : formatFiat(amount, currency)
}

function LinkCard({
  link,
  canManage,
  onShowQr,
  onDeactivate,
  onReactivate,
}: {
  link: PaymentLink
  canManage: boolean
  onShowQr: () => void
  onDeactivate: () => void
  onReactivate: () => void
}) {
  const { t } = useTranslation()
  const money = useLinkAmount()
  const uses = link.maxUses === null ? String(link.uses) : `${link.uses} / ${link.maxUses}`
  // a fixed amount in the business currency: its paid total in that currency is exact
  const paidFiat =
    link.amount !== null && link.currency !== 'SAT' && link.paidCount > 0
      ? formatFiat(link.amount * link.paidCount, link.currency)
      : null
  return (
    <Card className="grid gap-4 p-4 sm:p-6" data-testid="payment-link-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 className="text-base font-semibold break-words">{link.name}</h2>
          {link.description && (
            <p className="text-sm break-words text-muted-foreground">{link.description}</p>
          )}
        </div>
        <LinkStatusBadge link={link} />
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
        <Fact label={t('paymentLinks.fields.amount')}>
          {link.amount === null
            ? t('paymentLinks.customerChooses')
            : money(link.amount, link.currency)}
        </Fact>
        <Fact label={t('paymentLinks.fields.uses')}>
          <span data-testid="payment-link-uses">{uses}</span>
          {link.activeUntil && (
            <span className="block text-xs text-muted-foreground">
              {t('paymentLinks.until', { date: formatDate(new Date(link.activeUntil)) })}
            </span>
          )}
        </Fact>
        <Fact label={t('paymentLinks.fields.paid')}>
          {t('paymentLinks.paidCount', { count: link.paidCount })}
          <span className="block text-xs text-muted-foreground">
            {t('paymentLinks.satAmount', { amount: formatSatNumber(link.paidSat) })}
            {paidFiat && ` · ${paidFiat}`}
          </span>
        </Fact>
        <Fact label={t('paymentLinks.fields.created')}>{formatDate(new Date(link.createdAt))}</Fact>
      </dl>
      <p className="truncate font-mono text-xs text-muted-foreground" title={link.url}>
        {link.url}
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={link.url} label={t('paymentLinks.copy')} size="sm" />
        <Button variant="outline" size="sm" onClick={onShowQr}>
          <QrCode aria-hidden />
          {t('paymentLinks.showQr')}
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={link.url} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden />
            {t('paymentLinks.open')}
          </a>
        </Button>
        {canManage &&
          (link.active ? (
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto text-destructive hover:text-destructive"
              onClick={onDeactivate}
            >
              <Power aria-hidden />
              {t('paymentLinks.deactivate.action')}
            </Button>
          ) : (
            <Button variant="outline" size="sm" className="ml-auto" onClick={onReactivate}>
              <Power aria-hidden />
              {t('paymentLinks.reactivate')}
            </Button>
          ))}
      </div>
    </Card>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  )
}

function LinkStatusBadge({ link }: { link: PaymentLink }) {
  const { t } = useTranslation()
  if (link.closed === null)
    return <Badge variant="success">{t('paymentLinks.status.active')}</Badge>
  const variant = link.closed === 'inactive' ? 'secondary' : 'outline'
  return <Badge variant={variant}>{t(`paymentLinks.status.${link.closed}`)}</Badge>
}

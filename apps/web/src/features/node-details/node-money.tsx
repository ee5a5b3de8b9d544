import type { inferOutput } from '@trpc/tanstack-react-query'
import { isCurrencyCode, satToFiatMinor } from '@app/domain'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/copy-button'
import { usePrice } from '@/components/payments/payment-data'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatFiat, formatSatNumber } from '@/lib/money-format'
import type { Trpc } from '@/lib/trpc'
import { Fact } from './node-status-card'

export type NodeDetails = inferOutput<Trpc['node']['details']>
export type RunningNode = NonNullable<NodeDetails['node']>

/** Sats, and about what they are worth in the business's currency when the price is known. */
function useSatsText(currency: string) {
  const { t } = useTranslation()
  const price = usePrice()
  const rate = isCurrencyCode(currency) ? price.data?.minorPerBtc[currency] : undefined
  return (amountSat: number) => ({
    sats: t('nodeAdmin.sats', { amount: formatSatNumber(amountSat) }),
    fiat: rate === undefined ? null : formatFiat(satToFiatMinor(amountSat, rate), currency),
  })
}

/** Alias, public key and address to copy, and lnd's version. */
export function NodeIdentityCard({ node }: { node: RunningNode }) {
  const { t } = useTranslation()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('nodeAdmin.details.identityTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm">
          <Fact label={t('nodeAdmin.details.alias')}>{node.alias || '—'}</Fact>
          <CopyFact label={t('nodeAdmin.details.pubkey')} value={node.pubkey} />
          {node.uri ? (
            <CopyFact label={t('nodeAdmin.details.uri')} value={node.uri} />
          ) : (
            <Fact label={t('nodeAdmin.details.uri')}>{t('nodeAdmin.details.noUri')}</Fact>
          )}
          <Fact label={t('nodeAdmin.details.version')}>{node.version.split(' ')[0]}</Fact>
        </dl>
      </CardContent>
    </Card>
  )
}

function CopyFact({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation()
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 items-start gap-2">
        <code className="min-w-0 flex-1 rounded-md bg-muted px-2 py-1.5 font-mono text-xs break-all">
          {value}
        </code>
        <CopyButton value={value} label={t('nodeAdmin.details.copy')} size="sm" />
      </dd>
    </div>
  )
}

/** What the node can spend and receive over Lightning, and its on-chain funds. */
export function NodeMoneyCard({ node, currency }: { node: RunningNode; currency: string }) {
  const { t } = useTranslation()
  const rows: [string, number][][] = [
    [
      [t('nodeAdmin.details.spendable'), node.lightning.spendableSat],
      [t('nodeAdmin.details.receivable'), node.lightning.receivableSat],
    ],
    [
      [t('nodeAdmin.details.onchainConfirmed'), node.onchain.confirmedSat],
      [t('nodeAdmin.details.onchainUnconfirmed'), node.onchain.unconfirmedSat],
      // Part of the on-chain balance, so never shown as more than that balance.
      [
        t('nodeAdmin.details.onchainReserved'),
        Math.min(
          node.onchain.reservedAnchorSat,
          node.onchain.confirmedSat + node.onchain.unconfirmedSat,
        ),
      ],
    ],
  ]
  const headings = [t('nodeAdmin.details.lightningTitle'), t('nodeAdmin.details.onchainTitle')]
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('nodeAdmin.details.moneyTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2 md:gap-10">
        {rows.map((group, i) => (
          <section key={headings[i]} className="grid content-start gap-3">
            <h3 className="text-sm font-semibold">{headings[i]}</h3>
            <dl className="grid gap-3">
              {group.map(([label, amountSat]) => (
                <Amount key={label} label={label} amountSat={amountSat} currency={currency} />
              ))}
            </dl>
            {i === 1 && node.onchain.reservedAnchorSat > 0 && (
              <p className="text-xs text-muted-foreground">
                {t('nodeAdmin.details.onchainReservedHint', {
                  amount: formatSatNumber(node.onchain.reservedAnchorSat),
                })}
              </p>
            )}
          </section>
        ))}
      </CardContent>
    </Card>
  )
}

function Amount({
  label,
  amountSat,
  currency,
}: {
  label: string
  amountSat: number
  currency: string
}) {
  const text = useSatsText(currency)(amountSat)
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-border pb-2 last:border-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right tabular-nums">
        <span className="block font-medium whitespace-nowrap">{text.sats}</span>
        {text.fiat && <span className="block text-xs text-muted-foreground">{text.fiat}</span>}
      </dd>
    </div>
  )
}

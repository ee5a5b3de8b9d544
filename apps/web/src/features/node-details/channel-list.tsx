import { TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatSatNumber } from '@/lib/money-format'
import type { RunningNode } from './node-money'

type ChannelRow = RunningNode['channels'][number]

const STATE_TONE = {
  active: 'success',
  inactive: 'warning',
  opening: 'default',
  closing: 'outline',
} as const

/**
 * One row per channel with one bar: what the merchant can spend on the left, what it can
 * receive on the right. A payment moves sats from one side to the other; the bar's length
 * (their sum) stays the same.
 */
export function ChannelList({ node }: { node: RunningNode }) {
  const { t } = useTranslation()
  const totalSat = node.lightning.spendableSat + node.lightning.receivableSat
  const providerNumbers = liquidityProviderNumbers(node.channels)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('nodeAdmin.details.channelsTitle')}</CardTitle>
        <CardDescription>
          {t('nodeAdmin.details.channelsConstant', { amount: formatSatNumber(totalSat) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {node.isInboundLow && (
          <Alert variant="warning">
            <TriangleAlert aria-hidden />
            <AlertTitle>{t('nodeAdmin.details.lowInboundTitle')}</AlertTitle>
            <AlertDescription className="text-warning-foreground/90">
              {t('nodeAdmin.details.lowInboundText', {
                amount: formatSatNumber(node.lightning.receivableSat),
              })}
            </AlertDescription>
          </Alert>
        )}
        {node.channels.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('nodeAdmin.details.noChannels')}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t('nodeAdmin.details.channelsTitle')}>
            {node.channels.map((c) => (
              <ChannelItem
                key={c.channelPoint}
                channel={c}
                providerNumber={providerNumbers.get(c.channelPoint)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/**
 * The liquidity provider's channels numbered 1, 2, ... in the order shown, so two of them read
 * apart; none when it has only one.
 */
function liquidityProviderNumbers(channels: ChannelRow[]): Map<string, number> {
  const provider = channels.filter((c) => c.isLiquidityProvider)
  return new Map(provider.length > 1 ? provider.map((c, i) => [c.channelPoint, i + 1]) : [])
}

function ChannelItem({
  channel: c,
  providerNumber,
}: {
  channel: ChannelRow
  providerNumber: number | undefined
}) {
  const { t } = useTranslation()
  const sum = c.localSat + c.remoteSat
  const localPercent = sum > 0 ? (c.localSat / sum) * 100 : 0
  const peer = c.isLiquidityProvider
    ? providerNumber === undefined
      ? t('nodeAdmin.details.liquidityProvider')
      : t('nodeAdmin.details.liquidityProviderChannel', { number: providerNumber })
    : `${c.peerPubkey.slice(0, 10)}…${c.peerPubkey.slice(-6)}`
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span
          className="min-w-0 truncate text-sm font-medium"
          title={`${c.peerPubkey} · ${c.channelPoint}`}
        >
          {peer}
        </span>
        <span className="flex items-center gap-2 text-xs text-muted-foreground">
          {t('nodeAdmin.details.capacity', { amount: formatSatNumber(c.capacitySat) })}
          <Badge variant={STATE_TONE[c.state]}>{t(`nodeAdmin.channelState.${c.state}`)}</Badge>
        </span>
      </div>
      <div
        className="flex h-2.5 overflow-hidden rounded-full bg-success/70"
        role="img"
        aria-label={t('nodeAdmin.details.barLabel', {
          spend: formatSatNumber(c.localSat),
          receive: formatSatNumber(c.remoteSat),
        })}
      >
        <div className="h-full bg-primary" style={{ width: `${localPercent}%` }} />
      </div>
      <div className="flex justify-between gap-2 text-xs tabular-nums">
        <span>
          <span className="text-muted-foreground">{t('nodeAdmin.details.canSpend')} </span>
          <span className="font-medium">{formatSatNumber(c.localSat)}</span>
        </span>
        <span className="text-right">
          <span className="text-muted-foreground">{t('nodeAdmin.details.canReceive')} </span>
          <span className="font-medium">{formatSatNumber(c.remoteSat)}</span>
        </span>
      </div>
    </li>
  )
}

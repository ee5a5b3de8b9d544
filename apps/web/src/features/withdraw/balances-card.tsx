import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { formatSatNumber } from '@/lib/money-format'
import type { Balances } from './use-withdraw'
import { Row, useSats } from './withdraw-summary'

/**
 * What can be withdrawn: over Lightning, on chain, and what the node keeps for channel fees (never
 * more than the on-chain balance it is part of, with why it is kept).
 */
export function BalancesCard({
  balances: b,
  isPending,
}: {
  balances: Balances | undefined
  isPending: boolean
}) {
  const { t } = useTranslation()
  const sats = useSats()
  const isExchange = b?.registeredOnly === true
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle>{t('withdraw.balances.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {!b ? (
          isPending ? (
            <Spinner />
          ) : null
        ) : (
          <>
            {b.canLightning && !isExchange && (
              <Row label={t('withdraw.balances.lightning')} value={sats(b.maxLightningSat)} />
            )}
            {(b.canOnchain || isExchange) && (
              <Row label={t('withdraw.balances.onchain')} value={sats(b.onchainSat)} />
            )}
            {b.reserveSat > 0 && (
              <>
                <Row
                  label={t('withdraw.balances.reserve')}
                  value={sats(Math.min(b.reserveSat, b.onchainSat))}
                />
                <p className="text-xs text-muted-foreground">
                  {t('withdraw.balances.reserveHint', {
                    amount: formatSatNumber(b.reserveSat),
                  })}
                </p>
              </>
            )}
            {!isExchange && (
              <p className="text-xs text-muted-foreground">{t('withdraw.balances.note')}</p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

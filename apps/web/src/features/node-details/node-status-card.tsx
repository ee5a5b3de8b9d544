import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import type { NodeStatus } from '@/lib/node-progress'
import { formatSatNumber } from '@/lib/money-format'
import { nodeState, stateTone } from './node-state'

/** The node's state in a word and a plain sentence, and how far it has caught up. */
export function NodeStatusCard({
  status,
  sync,
}: {
  status: NodeStatus
  sync: { syncedToChain: boolean; syncedToGraph: boolean; blockHeight: number } | null
}) {
  const { t } = useTranslation()
  const state = nodeState(status)
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('nodeAdmin.details.statusTitle')}</CardTitle>
        <Badge variant={stateTone(state)} data-testid="node-state">
          {t(`nodeAdmin.state.${state}.label`)}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t(`nodeAdmin.state.${state}.text`)}</p>
        {sync && (
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
            <Fact label={t('nodeAdmin.details.syncedToChain')}>
              {sync.syncedToChain ? t('nodeAdmin.details.yes') : t('nodeAdmin.details.no')}
            </Fact>
            <Fact label={t('nodeAdmin.details.syncedToGraph')}>
              {sync.syncedToGraph ? t('nodeAdmin.details.yes') : t('nodeAdmin.details.no')}
            </Fact>
            <Fact label={t('nodeAdmin.details.blockHeight')}>
              {formatSatNumber(sync.blockHeight)}
            </Fact>
          </dl>
        )}
      </CardContent>
    </Card>
  )
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium tabular-nums">{children}</dd>
    </div>
  )
}

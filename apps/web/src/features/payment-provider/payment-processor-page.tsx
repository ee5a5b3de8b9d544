import {
  ArrowRight,
  Cable,
  Check,
  Clock,
  Coins,
  KeyRound,
  Landmark,
  Minus,
  X,
  Zap,
  type LucideIcon,
} from 'lucide-react'
import { useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { useChooseProvider, type ProviderKind } from './use-choose-provider'

type Support = 'yes' | 'no' | 'lightningOnly'
type Feature = 'lightning' | 'onchain' | 'ecash' | 'withdrawals'

interface ProviderOption {
  kind: ProviderKind
  icon: LucideIcon
  custody: 'custodial' | 'selfCustody' | 'yourWallet'
  supports: Record<Feature, Support>
}

const FEATURES: Feature[] = ['lightning', 'onchain', 'ecash', 'withdrawals']

/** What each way of holding bitcoin means for the merchant. */
const OPTIONS: ProviderOption[] = [
  {
    kind: 'exchange',
    icon: Landmark,
    custody: 'custodial',
    supports: { lightning: 'yes', onchain: 'yes', ecash: 'yes', withdrawals: 'yes' },
  },
  {
    kind: 'lightningNode',
    icon: Zap,
    custody: 'selfCustody',
    supports: { lightning: 'yes', onchain: 'yes', ecash: 'yes', withdrawals: 'yes' },
  },
  {
    kind: 'nwc',
    icon: Cable,
    custody: 'yourWallet',
    // NIP-47 has no on-chain methods: payments and payouts go over Lightning only.
    supports: { lightning: 'yes', onchain: 'no', ecash: 'yes', withdrawals: 'lightningOnly' },
  },
]

/** The three ways to hold the bitcoin a business takes in, side by side. */
export function PaymentProcessorPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const choose = useChooseProvider(businessId)

  const onChoose = (kind: ProviderKind) => {
    // NWC is connected from this step; the server records nothing until it is connected.
    if (kind === 'nwc') {
      void navigate({ to: '/onboarding/$businessId/new-nwc-node', params: { businessId } })
      return
    }
    choose.mutate({ businessId, kind })
  }

  return (
    <>
      <Badge variant="success" className="mb-3">
        <Check className="size-3" aria-hidden />
        {t('provider.choose.approved')}
      </Badge>
      <PageHeader
        title={t('pages.paymentProcessor')}
        description={t('provider.choose.description')}
      />
      <ul className="grid gap-5">
        {OPTIONS.map((option) => (
          <li key={option.kind}>
            <OptionCard
              option={option}
              isChoosing={choose.isPending && choose.variables.kind === option.kind}
              isDisabled={choose.isPending}
              onChoose={() => onChoose(option.kind)}
            />
          </li>
        ))}
      </ul>
    </>
  )
}

function OptionCard({
  option,
  isChoosing,
  isDisabled,
  onChoose,
}: {
  option: ProviderOption
  isChoosing: boolean
  isDisabled: boolean
  onChoose: () => void
}) {
  const { t } = useTranslation()
  const { kind, icon: Icon } = option
  const titleId = `provider-${kind}-title`
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className="flex flex-col gap-5 p-5 transition-shadow hover:shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id={titleId} className="text-lg font-semibold tracking-tight">
              {t(`provider.options.${kind}.title`)}
            </h2>
            <Badge variant={option.custody === 'custodial' ? 'warning' : 'success'}>
              {t(`provider.custody.${option.custody}`)}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">{t(`provider.options.${kind}.summary`)}</p>
        </div>
      </div>

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10.5rem_1fr]">
        <Fact icon={KeyRound} label={t('provider.facts.keys')}>
          {t(`provider.options.${kind}.keys`)}
        </Fact>
        <Fact icon={Coins} label={t('provider.facts.fees')}>
          {t(`provider.options.${kind}.fees`)}
        </Fact>
        <Fact icon={Clock} label={t('provider.facts.setupTime')}>
          {t(`provider.options.${kind}.setupTime`)}
        </Fact>
        <Fact icon={Check} label={t('provider.facts.supports')}>
          <ul className="flex flex-wrap gap-1.5">
            {FEATURES.map((feature) => (
              <SupportChip key={feature} feature={feature} support={option.supports[feature]} />
            ))}
          </ul>
        </Fact>
      </dl>

      <div className="flex justify-end border-t border-border pt-4">
        <Button
          className="w-full sm:w-auto"
          variant={kind === 'lightningNode' ? 'primary' : 'outline'}
          isLoading={isChoosing}
          disabled={isDisabled}
          onClick={onChoose}
        >
          {t(`provider.options.${kind}.choose`)}
          {!isChoosing && <ArrowRight aria-hidden />}
        </Button>
      </div>
    </Card>
  )
}

function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon
  label: string
  children: ReactNode
}) {
  return (
    <>
      <dt className="flex items-start gap-2 font-medium text-foreground">
        <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        {label}
      </dt>
      <dd className="text-muted-foreground max-sm:pl-6 max-sm:pb-1">{children}</dd>
    </>
  )
}

function SupportChip({ feature, support }: { feature: Feature; support: Support }) {
  const { t } = useTranslation()
  const Icon = support === 'yes' ? Check : support === 'no' ? X : Minus
  const state = t(`provider.support.${support}`)
  return (
    <li
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        support === 'yes' && 'border-transparent bg-success-soft text-success-hover',
        support === 'no' && 'border-border text-muted-foreground line-through decoration-1',
        support === 'lightningOnly' && 'border-transparent bg-warning-soft text-warning-foreground',
      )}
    >
      <Icon className="size-3" aria-hidden />
      {t(`provider.features.${feature}`)}
      {support === 'lightningOnly' ? (
        <span>({state})</span>
      ) : (
        <span className="sr-only">: {state}</span>
      )}
    </li>
  )
}

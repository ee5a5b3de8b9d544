import { useTranslation } from 'react-i18next'
import { ApplicationFrame } from './application-frame'
import { CorporationForm } from './directors/corporation-form'
import { PartnershipForm } from './directors/partnership-form'
import { SoleTraderForm } from './directors/sole-trader-form'
import { useApplicationState } from './use-application'

/**
 * Who is behind the business, in the shape its legal form asks for: the owner of a sole
 * trader, the partners of a partnership, the directors and beneficial owners of a corporation.
 */
export function DirectorDetailsPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const state = useApplicationState(businessId)
  const companyType = state.application.company?.companyType ?? 'sole_trader'
  const description = {
    sole_trader: t('application.director.soleTraderDescription'),
    partnership: t('application.director.partnershipDescription'),
    corporation: t('application.director.corporationDescription'),
  }[companyType]
  return (
    <ApplicationFrame
      businessId={businessId}
      page="director-details"
      state={state}
      title={t(`application.director.title.${companyType}`)}
      description={description}
    >
      {companyType === 'sole_trader' && <SoleTraderForm businessId={businessId} state={state} />}
      {companyType === 'partnership' && <PartnershipForm businessId={businessId} state={state} />}
      {companyType === 'corporation' && <CorporationForm businessId={businessId} state={state} />}
    </ApplicationFrame>
  )
}

/** The pieces every section of the application is written with. */
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { findCountry } from '@app/domain'
import { currentLanguage } from '@/lib/i18n'
import type { Address } from './application-types'

/** One labelled value of a section's description list; a dash when there is none. */
export function Item({
  label,
  children,
  wide = false,
}: {
  label: string
  children: ReactNode
  wide?: boolean
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm break-words whitespace-pre-line">{children || '—'}</dd>
    </div>
  )
}

export function CountryName({ code }: { code: string }) {
  const country = findCountry(currentLanguage(), code)
  return <>{country ? `${country.flag} ${country.name}` : code}</>
}

export function AddressText({ address }: { address: Address }) {
  return (
    <>
      {[address.line1, address.line2, `${address.postcode} ${address.city}`]
        .filter((line) => line && line.trim() !== '')
        .join('\n')}
      {'\n'}
      <CountryName code={address.country} />
    </>
  )
}

export function YesNo({ value }: { value: unknown }) {
  const { t } = useTranslation()
  if (value === true) return <>{t('application.pci.yes')}</>
  if (value === false) return <>{t('application.pci.no')}</>
  return <>—</>
}

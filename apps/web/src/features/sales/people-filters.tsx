import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { NativeSelect } from '@/components/ui/native-select'
import { useTRPC } from '@/lib/trpc'

/** Filters by the device that took a payment and the staff member signed in at it. */
export function PeopleFilters({
  businessId,
  device,
  staff,
  onChange,
}: {
  businessId: string
  device?: string
  staff?: string
  onChange: (patch: { device?: string; staff?: string }) => void
}) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const people = useQuery(trpc.devices.people.queryOptions({ businessId }))
  const devices = people.data?.devices ?? []
  const members = people.data?.staff ?? []
  return (
    <>
      {devices.length > 0 && (
        <div className="w-44">
          <NativeSelect
            aria-label={t('devices.sales.device')}
            className="h-9"
            value={device ?? ''}
            onChange={(e) => onChange({ device: e.target.value || undefined })}
          >
            <option value="">{t('devices.sales.allDevices')}</option>
            {devices.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {members.length > 0 && (
        <div className="w-44">
          <NativeSelect
            aria-label={t('devices.sales.staff')}
            className="h-9"
            value={staff ?? ''}
            onChange={(e) => onChange({ staff: e.target.value || undefined })}
          >
            <option value="">{t('devices.sales.allStaff')}</option>
            {members.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    </>
  )
}

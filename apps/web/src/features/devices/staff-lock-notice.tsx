import { Link } from '@tanstack/react-router'
import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { useLockedStaff } from './use-staff'

/**
 * Shown above every page of the business area (the dashboard included) while a staff member is
 * locked after too many wrong PINs at a terminal, with the way to the staff page that unlocks.
 */
export function StaffLockNotice({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  const { data: locked } = useLockedStaff(businessId)
  if (!locked || locked.length === 0) return null
  return (
    <Alert variant="warning" className="mb-6" role="status" data-testid="staff-lock-notice">
      <Lock aria-hidden />
      <AlertTitle>{t('devices.staff.lockNotice.title')}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3 text-warning-foreground/90">
        <span className="min-w-0 flex-1 basis-64">
          {t('devices.staff.lockNotice.text', { names: locked.map((s) => s.name).join(', ') })}
        </span>
        <Button size="sm" asChild className="max-sm:w-full">
          <Link to="/$businessId/devices/stafflogins" params={{ businessId }}>
            {t('devices.staff.lockNotice.open')}
          </Link>
        </Button>
      </AlertDescription>
    </Alert>
  )
}

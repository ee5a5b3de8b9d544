import { Link } from '@tanstack/react-router'
import { LayoutDashboard } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

/** The business area opens during the deposit step already. */
export function DashboardWhileWaiting({ businessId }: { businessId: string }) {
  const { t } = useTranslation()
  return (
    <Button variant="outline" size="sm" asChild>
      <Link to="/$businessId/sales/dashboard" params={{ businessId }}>
        <LayoutDashboard aria-hidden />
        {t('deposit.dashboardWhileWaiting')}
      </Link>
    </Button>
  )
}

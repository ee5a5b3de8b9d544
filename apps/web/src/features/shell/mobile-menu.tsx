import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet'

/**
 * The narrow screens' menu, sliding in from the side (loaded after the page has shown: see
 * business-layout.tsx). Closed, focus goes back to the button that opened it.
 */
export function MobileMenu({
  isOpen,
  onOpenChange,
  children,
}: {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Sheet open={isOpen} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetTitle className="sr-only">{t('nav.menu')}</SheetTitle>
        {children}
      </SheetContent>
    </Sheet>
  )
}

import { Link } from '@tanstack/react-router'
import { LogOut } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { BrandMark } from '@/components/brand-mark'
import { LanguageSelect } from '@/components/language-select'
import { Button } from '@/components/ui/button'
import { useSignOut } from './use-sign-out'

/**
 * A page outside any business (choosing or creating one, onboarding, an invitation); the sign-out
 * button only when someone is signed in (`signedIn`, true unless said).
 */
export function SimpleShell({
  children,
  signedIn = true,
}: {
  children: ReactNode
  signedIn?: boolean
}) {
  const { t } = useTranslation()
  const signOut = useSignOut()
  return (
    <div className="flex min-h-[calc(100dvh-var(--banner-h))] flex-col">
      <header className="sticky top-(--banner-h) z-30 border-b border-border bg-card/85 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            to="/"
            className="min-w-0 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25"
          >
            <BrandMark />
          </Link>
          <div className="flex items-center gap-2">
            <LanguageSelect />
            {signedIn && (
              <Button
                variant="ghost"
                size="sm"
                isLoading={signOut.isPending}
                onClick={() => signOut.mutate()}
              >
                {!signOut.isPending && <LogOut aria-hidden />}
                <span className="sr-only sm:not-sr-only">{t('nav.signOut')}</span>
              </Button>
            )}
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        {children}
      </main>
    </div>
  )
}

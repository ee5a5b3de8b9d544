import { Outlet } from '@tanstack/react-router'
import { BrandMark } from '@/components/brand-mark'
import { LanguageSelect } from '@/components/language-select'

/** Signed-out pages: the brand, one centred card, and the language choice. */
export function PublicLayout() {
  return (
    <div className="flex min-h-[calc(100dvh-var(--banner-h))] flex-col items-center bg-[radial-gradient(ellipse_at_top,var(--color-primary-soft),transparent_60%)] px-4 py-10 sm:py-16">
      <BrandMark className="text-base" />
      <main className="mt-8 w-full max-w-[400px] sm:mt-10">
        <Outlet />
      </main>
      <footer className="mt-8">
        <LanguageSelect />
      </footer>
    </div>
  )
}

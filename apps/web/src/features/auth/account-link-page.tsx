/**
 * The pages of mailed account links, signed in or not, in the signed-out pages' frame: a new
 * password from a reset link, the address verified, a new address confirmed.
 */
import { BrandMark } from '@/components/brand-mark'
import { LanguageSelect } from '@/components/language-select'
import { EmailLinkPage } from './email-link-page'
import { ResetPasswordPage } from './reset-password-page'

export function AccountLinkPage({ kind, token }: { kind: string; token: string }) {
  return (
    <div className="flex min-h-[calc(100dvh-var(--banner-h))] flex-col items-center bg-[radial-gradient(ellipse_at_top,var(--color-primary-soft),transparent_60%)] px-4 py-10 sm:py-16">
      <BrandMark className="text-base" />
      <main className="mt-8 w-full max-w-[400px] sm:mt-10">
        {kind === 'reset-password' ? (
          <ResetPasswordPage token={token} />
        ) : (
          <EmailLinkPage kind={kind === 'confirm-email' ? 'change' : 'verify'} token={token} />
        )}
      </main>
      <footer className="mt-8">
        <LanguageSelect />
      </footer>
    </div>
  )
}

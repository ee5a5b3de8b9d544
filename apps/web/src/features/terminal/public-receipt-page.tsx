/** The receipt a customer opens by scanning its QR code: no sign-in, a signed token. */
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/spinner'
import { setDateRegion } from '@/lib/i18n'
import { useTRPC } from '@/lib/trpc'
import { ReceiptView } from './receipt-view'

export function PublicReceiptPage({ token }: { token: string }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const receipt = useQuery(trpc.terminal.publicReceipt.queryOptions({ token }, { retry: false }))
  // the date as the shop's country writes it, in the customer's language
  setDateRegion(receipt.data?.currency)
  return (
    <div className="flex min-h-dvh flex-col items-center gap-4 bg-muted px-4 py-8">
      <h1 className="sr-only">{t('terminal.receipt.title')}</h1>
      {receipt.isPending ? (
        <Spinner className="size-8" />
      ) : receipt.data ? (
        <>
          <ReceiptView receipt={receipt.data} className="receipt-print shadow-sm" />
          <button
            type="button"
            className="no-print text-sm text-primary underline-offset-4 hover:underline"
            onClick={() => window.print()}
          >
            {t('terminal.receipt.print')}
          </button>
        </>
      ) : (
        <p role="alert" className="text-muted-foreground">
          {t('terminal.receipt.notFound')}
        </p>
      )}
    </div>
  )
}

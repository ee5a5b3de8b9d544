/**
 * Why a report or list could not be loaded, in the catalogue's words (a PIN too short for
 * refunds and reports, a kiosk, a lost connection), instead of waiting for ever.
 */
import { Alert, AlertDescription } from '@/components/ui/alert'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'

export function QueryProblem({ error }: { error: unknown }) {
  if (!error) return null
  return (
    <div className="no-print mx-auto w-full max-w-2xl">
      <Alert variant="destructive" role="alert">
        <AlertDescription>{appErrorMessage(parseAppError(error))}</AlertDescription>
      </Alert>
    </div>
  )
}

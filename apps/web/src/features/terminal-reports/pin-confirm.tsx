/**
 * A staff member signed in by their card alone keys their PIN before refunds and reports (a
 * card's number is often printed on it; the PIN is known only to them). Once accepted, the
 * page they asked for shows.
 */
import { PIN_MAX_DIGITS, PIN_MIN_DIGITS } from '@app/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'

export function PinConfirm({ staff }: { staff: { id: string; name: string } }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const [pin, setPin] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const confirm = useMutation(
    trpc.device.staffSignIn.mutationOptions({
      onSuccess: (signedIn) => {
        queryClient.setQueryData(
          trpc.device.me.queryKey(),
          (old) => old && { ...old, staff: signedIn },
        )
        void queryClient.invalidateQueries({ queryKey: trpc.device.me.queryKey() })
      },
      onError: (error) => {
        setPin('')
        const appError = parseAppError(error)
        setProblem(
          appError.code === 'INVALID_CREDENTIALS'
            ? t('terminal.staff.wrongPin')
            : appError.code === 'STAFF_LOCKED'
              ? t('terminal.staff.lockedNow')
              : appErrorMessage(appError),
        )
      },
    }),
  )
  return (
    <form
      className="mx-auto grid w-full max-w-sm gap-4 p-4"
      onSubmit={(e) => {
        e.preventDefault()
        if (pin.length < PIN_MIN_DIGITS) return
        setProblem(null)
        confirm.mutate({ staffId: staff.id, pin })
      }}
    >
      <div className="grid gap-1 text-center">
        <KeyRound className="mx-auto size-8 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-semibold">{t('terminalReports.pin.title')}</h1>
        <p className="text-sm text-muted-foreground">
          {t('terminalReports.pin.body', { name: staff.name })}
        </p>
      </div>
      <Input
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]*"
        maxLength={PIN_MAX_DIGITS}
        autoFocus
        aria-label={t('terminalReports.pin.label')}
        value={pin}
        onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        className="h-14 text-center text-2xl tracking-[0.5em]"
      />
      <p role="alert" className="min-h-5 text-center text-sm text-destructive">
        {problem}
      </p>
      <Button
        type="submit"
        size="lg"
        disabled={pin.length < PIN_MIN_DIGITS}
        isLoading={confirm.isPending}
      >
        {t('terminalReports.pin.submit')}
      </Button>
    </form>
  )
}

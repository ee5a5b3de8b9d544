/**
 * Unpairing this terminal: a counter terminal asks for a confirmation; a kiosk, where anyone
 * may tap, asks for the PIN of a staff member allowed to close the day (the server checks it;
 * the owner can always unpair from the dashboard). Once unpaired, the terminal shows pairing.
 */
import { PIN_MIN_DIGITS } from '@app/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Unplug } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { useTRPC } from '@/lib/trpc'
import { PinPad, pinAfter } from './pin-pad'
import { useStaffProblem } from './staff-problem'

export function UnpairDialog({ isKiosk, onClose }: { isKiosk: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const problemOf = useStaffProblem()
  const [pin, setPin] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const unpair = useMutation(
    trpc.device.signOut.mutationOptions({
      onSuccess: async () => {
        queryClient.clear()
        await navigate({ to: '/terminal/pair', replace: true })
      },
      onError: (error) => {
        setPin('')
        setProblem(problemOf(error).text)
      },
    }),
  )
  const submit = (value: string) => {
    if (value.length < PIN_MIN_DIGITS || unpair.isPending) return
    setProblem(null)
    unpair.mutate({ pin: value })
  }
  const press = (k: string) => {
    setProblem(null)
    setPin((p) => pinAfter(p, k))
  }

  // the keyboard keys the PIN too
  const latest = useRef({ pin, submit })
  useEffect(() => {
    latest.current = { pin, submit }
  })
  useEffect(() => {
    if (!isKiosk) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter') latest.current.submit(latest.current.pin)
      else setPin((p) => pinAfter(p, event.key))
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [isKiosk])

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('terminal.unpair.cancel')} className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{t('terminal.unpair.title')}</DialogTitle>
          <DialogDescription>
            {isKiosk ? t('terminal.unpair.kioskPin') : t('terminal.unpair.confirm')}
          </DialogDescription>
        </DialogHeader>
        {isKiosk ? (
          <PinPad
            pin={pin}
            problem={problem}
            onKey={press}
            onSubmit={() => submit(pin)}
            isPending={unpair.isPending}
            submitLabel={t('terminal.unpair.submit')}
            compact
          />
        ) : (
          <>
            {problem && (
              <p role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" size="lg">
                  {t('terminal.unpair.cancel')}
                </Button>
              </DialogClose>
              <Button
                variant="destructive"
                size="lg"
                isLoading={unpair.isPending}
                onClick={() => unpair.mutate({})}
              >
                <Unplug aria-hidden />
                {t('terminal.unpair.submit')}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

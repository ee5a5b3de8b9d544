/**
 * Staff sign-in at the terminal: a PIN on the pad (or the keyboard), or an RFID card held to the
 * reader (which types its tag and Enter). A card nobody holds is refused, and the server records
 * it as unrecognised for the owner to assign.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Check, Delete, Nfc } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { parseAppError } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { useTRPC } from '@/lib/trpc'
import { cn } from '@/lib/utils'
import { addKey, emptyRun, tagOf } from './card-reader'
import { useDeviceMe } from './use-terminal'

const MAX_PIN = 8
const key =
  'flex h-16 items-center justify-center rounded-xl border border-border bg-card text-2xl font-medium shadow-xs select-none touch-manipulation hover:bg-accent active:scale-[0.97] disabled:opacity-40'

export function StaffPage() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const me = useDeviceMe()
  const [pin, setPin] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const run = useRef(emptyRun())
  const signIn = useMutation(
    trpc.device.staffSignIn.mutationOptions({
      onSuccess: async (staff) => {
        queryClient.setQueryData(trpc.device.me.queryKey(), (old) => old && { ...old, staff })
        await navigate({ to: '/terminal', replace: true })
      },
      onError: (error) => {
        setPin('')
        const appError = parseAppError(error)
        setProblem(
          appError.code === 'INVALID_CREDENTIALS'
            ? t('terminal.staff.wrongPin')
            : appError.code === 'RFID_TAG_UNRECOGNISED'
              ? t('terminal.staff.unknownCard')
              : appErrorMessage(appError),
        )
      },
    }),
  )
  const submitPin = (value: string) => {
    if (value.length < 4) return
    setProblem(null)
    signIn.mutate({ pin: value })
  }
  const press = (k: string) => {
    setProblem(null)
    if (k === 'back') setPin((p) => p.slice(0, -1))
    else if (k === 'ok') submitPin(pin)
    else setPin((p) => (p.length < MAX_PIN ? p + k : p))
  }

  // The keyboard: digits for the PIN, and whatever a card reader types.
  const latest = useRef({ pin, submitPin, signIn: signIn.mutate })
  useEffect(() => {
    latest.current = { pin, submitPin, signIn: signIn.mutate }
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter') {
        const tag = tagOf(run.current)
        run.current = emptyRun()
        if (tag) {
          setPin('')
          setProblem(null)
          latest.current.signIn({ rfid: tag })
        } else latest.current.submitPin(latest.current.pin)
        return
      }
      run.current = addKey(run.current, event.key, event.timeStamp)
      if (event.key === 'Backspace') setPin((p) => p.slice(0, -1))
      else if (/^\d$/.test(event.key)) setPin((p) => (p.length < MAX_PIN ? p + event.key : p))
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <div className="grid w-full max-w-sm gap-5">
        <div className="grid gap-1 text-center">
          <h1 className="text-2xl font-semibold">{t('terminal.staff.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('terminal.staff.description')}</p>
          <p className="text-xs text-muted-foreground">{me.device.name}</p>
        </div>
        <div
          className="flex h-8 items-center justify-center gap-3"
          aria-label={t('terminal.staff.pinLength', { digits: pin.length })}
          role="status"
        >
          {Array.from({ length: Math.max(4, pin.length) }, (_, i) => (
            <span
              key={i}
              className={cn(
                'size-4 rounded-full border-2 border-foreground/60',
                i < pin.length && 'bg-foreground',
              )}
            />
          ))}
        </div>
        <p
          role="alert"
          className={cn('min-h-5 text-center text-sm text-destructive', !problem && 'invisible')}
        >
          {problem}
        </p>
        <div
          role="group"
          aria-label={t('terminal.staff.pinPad')}
          className="grid grid-cols-3 gap-2"
        >
          {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => (
            <button key={d} type="button" className={key} onClick={() => press(d)}>
              {d}
            </button>
          ))}
          <button
            type="button"
            className={cn(key, 'bg-muted')}
            aria-label={t('terminal.staff.backspace')}
            onClick={() => press('back')}
          >
            <Delete className="size-7" aria-hidden />
          </button>
          <button type="button" className={key} onClick={() => press('0')}>
            0
          </button>
          <button
            type="button"
            className={cn(
              key,
              'border-primary bg-primary text-primary-foreground hover:bg-primary-hover',
            )}
            aria-label={t('terminal.staff.signIn')}
            disabled={pin.length < 4 || signIn.isPending}
            onClick={() => press('ok')}
          >
            <Check className="size-7" aria-hidden />
          </button>
        </div>
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <Nfc className="size-4" aria-hidden />
          {t('terminal.staff.card')}
        </p>
      </div>
    </div>
  )
}

/**
 * Staff sign-in at the terminal, as on a card terminal: the cashier taps their name, then keys
 * their PIN (on the pad or the keyboard); or holds their RFID card to the reader (which types
 * its tag and Enter), which signs in at once from either step. A locked staff member is shown
 * locked (the owner unlocks them). A card nobody holds is refused, and the server records it as
 * unrecognised for the owner to assign.
 */
import { PIN_MIN_DIGITS } from '@app/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { ArrowLeft, Lock, Nfc, UserRound } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useTRPC } from '@/lib/trpc'
import { addKey, emptyRun, tagOf } from './card-reader'
import { PinPad, pinAfter } from './pin-pad'
import { useStaffProblem } from './staff-problem'
import { useDeviceMe } from './use-terminal'

interface Picked {
  id: string
  name: string
}

export function StaffPage() {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const me = useDeviceMe()
  const staffList = useQuery(trpc.device.staff.queryOptions())
  const [picked, setPicked] = useState<Picked | null>(null)
  const [pin, setPin] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const problemOf = useStaffProblem()
  const run = useRef(emptyRun())

  // a kiosk has no staff sign-in
  const isKiosk = me.device.isKiosk
  useEffect(() => {
    if (isKiosk) void navigate({ to: '/terminal', replace: true })
  }, [isKiosk, navigate])

  const people = staffList.data ?? []
  // the only staff member of a business is picked already
  const only = people.length === 1 && !people[0]?.locked ? people[0] : undefined
  const current = picked ?? (only ? { id: only.id, name: only.name } : null)

  const signIn = useMutation(
    trpc.device.staffSignIn.mutationOptions({
      onSuccess: async (staff) => {
        queryClient.setQueryData(trpc.device.me.queryKey(), (old) => old && { ...old, staff })
        void queryClient.invalidateQueries({ queryKey: trpc.device.me.queryKey() })
        await navigate({ to: '/terminal', replace: true })
      },
      onError: (error) => {
        setPin('')
        const found = problemOf(error)
        setProblem(found.text)
        if (found.code === 'STAFF_LOCKED') {
          setPicked(null)
          void staffList.refetch()
        }
        if (found.code === 'KIOSK_NO_STAFF') {
          void queryClient.invalidateQueries({ queryKey: trpc.device.me.queryKey() })
        }
      },
    }),
  )
  const submitPin = (value: string) => {
    if (value.length < PIN_MIN_DIGITS || !current) return
    setProblem(null)
    signIn.mutate({ staffId: current.id, pin: value })
  }
  const press = (k: string) => {
    setProblem(null)
    setPin((p) => pinAfter(p, k))
  }

  // The keyboard: digits for the PIN, and whatever a card reader types.
  const latest = useRef({ pin, current, submitPin, signIn: signIn.mutate })
  useEffect(() => {
    latest.current = { pin, current, submitPin, signIn: signIn.mutate }
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter') {
        const tag = tagOf(run.current)
        run.current = emptyRun()
        if (tag) {
          setPin('')
          setProblem(null)
          latest.current.signIn({ tag })
        } else latest.current.submitPin(latest.current.pin)
        return
      }
      run.current = addKey(run.current, event.key, event.timeStamp)
      if (latest.current.current) setPin((p) => pinAfter(p, event.key))
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div className="flex flex-1 items-start justify-center p-4 sm:items-center">
      <div className="grid w-full max-w-sm gap-4">
        {current ? (
          <>
            <div className="grid gap-1 text-center">
              <h1 className="text-2xl font-semibold">{current.name}</h1>
              <p className="text-sm text-muted-foreground">{t('terminal.staff.enterPin')}</p>
            </div>
            <PinPad
              pin={pin}
              problem={problem}
              onKey={press}
              onSubmit={() => submitPin(pin)}
              isPending={signIn.isPending}
            />
            {!only && (
              <Button
                variant="ghost"
                size="lg"
                onClick={() => {
                  setPicked(null)
                  setPin('')
                  setProblem(null)
                }}
              >
                <ArrowLeft aria-hidden />
                {t('terminal.staff.notYou', { name: current.name })}
              </Button>
            )}
          </>
        ) : (
          <>
            <div className="grid gap-1 text-center">
              <h1 className="text-2xl font-semibold">{t('terminal.staff.title')}</h1>
              <p className="text-sm text-muted-foreground">{t('terminal.staff.pickName')}</p>
              <p className="text-xs text-muted-foreground">{me.device.name}</p>
            </div>
            <p
              role="alert"
              className={problem ? 'text-center text-sm text-destructive' : 'sr-only'}
            >
              {problem}
            </p>
            <StaffNames
              people={people}
              isLoading={staffList.isPending}
              onPick={(p) => {
                setProblem(null)
                setPin('')
                setPicked(p)
              }}
            />
          </>
        )}
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <Nfc className="size-4" aria-hidden />
          {t('terminal.staff.card')}
        </p>
      </div>
    </div>
  )
}

function StaffNames({
  people,
  isLoading,
  onPick,
}: {
  people: { id: string; name: string; locked: boolean }[]
  isLoading: boolean
  onPick: (p: Picked) => void
}) {
  const { t } = useTranslation()
  if (isLoading) {
    return (
      <div className="flex justify-center p-6">
        <Spinner className="size-6" />
      </div>
    )
  }
  if (people.length === 0) {
    return <p className="text-center text-sm text-muted-foreground">{t('terminal.staff.none')}</p>
  }
  return (
    <ul aria-label={t('terminal.staff.names')} className="grid grid-cols-2 gap-2">
      {people.map((p) => (
        <li key={p.id}>
          <button
            type="button"
            disabled={p.locked}
            aria-label={p.locked ? t('terminal.staff.lockedName', { name: p.name }) : p.name}
            onClick={() => onPick({ id: p.id, name: p.name })}
            className="flex min-h-16 w-full items-center gap-2 rounded-xl border border-border bg-card px-3 py-2 text-left text-base font-medium shadow-xs touch-manipulation hover:bg-accent active:scale-[0.98] disabled:cursor-not-allowed disabled:bg-muted disabled:text-muted-foreground disabled:shadow-none"
          >
            {p.locked ? (
              <Lock className="size-5 shrink-0" aria-hidden />
            ) : (
              <UserRound className="size-5 shrink-0 text-muted-foreground" aria-hidden />
            )}
            <span className="min-w-0 flex-1">
              <span className="block truncate">{p.name}</span>
              {p.locked && (
                <span className="block text-xs font-normal">{t('terminal.staff.locked')}</span>
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}

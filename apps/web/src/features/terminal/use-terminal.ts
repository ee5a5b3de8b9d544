/**
 * The data behind the terminal: who this device is and who is signed in at it, its settings,
 * the business's currency and methods, and staying signed in (idle sign-out, language).
 */
import { isTerminalLanguage, STAFF_ACTIVITY_REPORT_MS } from '@app/domain'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import type { inferOutput } from '@trpc/tanstack-react-query'
import { useEffect, useRef } from 'react'
import { i18n } from '@/lib/i18n'
import { useTRPC, type Trpc } from '@/lib/trpc'

export type DeviceMe = inferOutput<Trpc['device']['me']>
export type TerminalPayment = inferOutput<Trpc['terminal']['get']>
export type Receipt = inferOutput<Trpc['terminal']['publicReceipt']>

export function useDeviceMe() {
  return useSuspenseQuery(useTRPC().device.me.queryOptions()).data
}

export function useTerminalSettings() {
  return useSuspenseQuery(useTRPC().device.settings.queryOptions()).data
}

export function useTerminalMethods() {
  return useSuspenseQuery(useTRPC().terminal.methods.queryOptions()).data
}

/** The screens speak the signed-in staff member's language (when they chose one). */
export function useStaffLanguage(language: string | undefined) {
  useEffect(() => {
    if (language && isTerminalLanguage(language) && i18n.language !== language) {
      void i18n.changeLanguage(language)
    }
  }, [language])
}

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const

/** Calls `onIdle` once nobody touched the terminal for `seconds` (0: never) while `active`. */
export function useIdle(seconds: number, active: boolean, onIdle: () => void) {
  const onIdleRef = useRef(onIdle)
  useEffect(() => {
    onIdleRef.current = onIdle
  })
  useEffect(() => {
    if (!active || seconds <= 0) return
    let timer = setTimeout(() => onIdleRef.current(), seconds * 1000)
    const reset = () => {
      clearTimeout(timer)
      timer = setTimeout(() => onIdleRef.current(), seconds * 1000)
    }
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, reset, { passive: true })
    return () => {
      clearTimeout(timer)
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, reset)
    }
  }, [seconds, active])
}

/**
 * Tells the server the signed-in staff member is using the terminal (touches, keys), at most
 * every 15 s: the server signs out a staff member idle longer than the settings say, as the
 * browser does, so the two agree.
 */
export function useStaffActivity(active: boolean) {
  const report = useMutation(useTRPC().device.staffActive.mutationOptions()).mutate
  useEffect(() => {
    if (!active) return
    let last = Date.now()
    const onActivity = () => {
      if (Date.now() - last < STAFF_ACTIVITY_REPORT_MS) return
      last = Date.now()
      report()
    }
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true })
    return () => {
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity)
    }
  }, [active, report])
}

/** A random id naming one charge, also where crypto.randomUUID is missing (plain http). */
export function newChargeKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

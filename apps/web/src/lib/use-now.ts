import { useEffect, useState } from 'react'

/** The current time, renewed every `intervalMs` while `isActive`. */
export function useNow(intervalMs: number, isActive = true): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!isActive) return
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs, isActive])
  return now
}

import { useIsFetching } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

/** Appears only when data has been loading for this long, so quick answers cause no flicker. */
const SHOW_AFTER_MS = 300

/** A thin bar across the top of the window while any query is loading. */
export function TopProgressBar() {
  const isFetching = useIsFetching() > 0
  const [hasWaitedLongEnough, setHasWaitedLongEnough] = useState(false)

  useEffect(() => {
    if (!isFetching) return
    const timer = setTimeout(() => setHasWaitedLongEnough(true), SHOW_AFTER_MS)
    return () => {
      clearTimeout(timer)
      setHasWaitedLongEnough(false)
    }
  }, [isFetching])

  if (!isFetching || !hasWaitedLongEnough) return null
  return (
    <div
      role="progressbar"
      aria-busy="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/15"
    >
      <div className="h-full w-2/5 animate-progress rounded-full bg-primary" />
    </div>
  )
}

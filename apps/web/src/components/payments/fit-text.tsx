import { useLayoutEffect, useRef } from 'react'
import { cn } from '@/lib/utils'

/**
 * One line of text as large as `maxPx`, shrinking (down to `minPx`) so that it always fits the
 * width it has: a long amount never wraps or runs off a phone screen.
 */
export function FitText({
  text,
  maxPx,
  minPx,
  className,
}: {
  text: string
  maxPx: number
  minPx: number
  className?: string
}) {
  const outerRef = useRef<HTMLDivElement>(null)
  const innerRef = useRef<HTMLSpanElement>(null)

  useLayoutEffect(() => {
    const outer = outerRef.current
    const inner = innerRef.current
    if (!outer || !inner) return
    const fit = () => {
      inner.style.fontSize = `${maxPx}px`
      const available = outer.clientWidth
      const needed = inner.scrollWidth
      const size =
        needed > available && needed > 0
          ? Math.max(minPx, Math.floor((maxPx * available) / needed))
          : maxPx
      inner.style.fontSize = `${size}px`
    }
    fit()
    const observer = new ResizeObserver(fit)
    observer.observe(outer)
    return () => observer.disconnect()
  }, [text, maxPx, minPx])

  return (
    <div
      ref={outerRef}
      className="flex w-full items-center justify-center overflow-hidden"
      style={{ height: Math.ceil(maxPx * 1.2) }}
    >
      <span
        ref={innerRef}
        className={cn('inline-block leading-none whitespace-nowrap tabular-nums', className)}
        style={{ fontSize: maxPx }}
      >
        {text}
      </span>
    </div>
  )
}

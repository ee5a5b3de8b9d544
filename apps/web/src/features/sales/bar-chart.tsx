/**
 * A dependency-free bar chart: one SVG bar per day, the day's value in a tooltip on hover or
 * keyboard focus, a scale line at the top and the first, middle and last day beneath.
 */
import { useState } from 'react'
import { cn } from '@/lib/utils'

interface Bar {
  key: string
  value: number
  /** the axis text under the bar (only some are shown) */
  label: string
  /** what the tooltip says */
  description: string
}

const HEIGHT = 100

export function BarChart({
  bars,
  formatScale,
  label,
  className,
}: {
  bars: Bar[]
  formatScale: (value: number) => string
  label: string
  className?: string
}) {
  const [active, setActive] = useState<number | null>(null)
  const max = Math.max(0, ...bars.map((b) => b.value))
  const step = 100 / Math.max(1, bars.length)
  const gap = step * 0.22
  const shown = active === null ? undefined : bars[active]
  const axis = new Set([0, Math.floor((bars.length - 1) / 2), bars.length - 1])

  return (
    <figure className={cn('relative', className)}>
      <div className="flex items-baseline justify-between pb-2 text-xs text-muted-foreground">
        <span className="tabular-nums">{max > 0 ? formatScale(max) : ''}</span>
      </div>
      <div className="relative h-44 border-t border-dashed border-border">
        <svg
          viewBox={`0 0 100 ${HEIGHT}`}
          preserveAspectRatio="none"
          className="absolute inset-0 size-full overflow-visible"
          role="img"
          aria-label={label}
          onMouseLeave={() => setActive(null)}
        >
          {bars.map((bar, i) => {
            const h = max > 0 ? (bar.value / max) * HEIGHT : 0
            const x = i * step + gap / 2
            return (
              <g key={bar.key}>
                {/* The whole column reacts, so thin or empty days are easy to point at. */}
                <rect
                  x={i * step}
                  y={0}
                  width={step}
                  height={HEIGHT}
                  fill="transparent"
                  onMouseEnter={() => setActive(i)}
                />
                <rect
                  x={x}
                  y={HEIGHT - Math.max(h, bar.value > 0 ? 1.5 : 0.6)}
                  width={step - gap}
                  height={Math.max(h, bar.value > 0 ? 1.5 : 0.6)}
                  rx={0.6}
                  className={cn(
                    'pointer-events-none transition-colors',
                    bar.value > 0
                      ? active === i
                        ? 'fill-primary-hover'
                        : 'fill-primary'
                      : 'fill-border',
                  )}
                />
              </g>
            )
          })}
        </svg>
        {shown && active !== null && (
          <div
            role="status"
            className="pointer-events-none absolute -top-2 z-10 -translate-x-1/2 -translate-y-full rounded-md border border-border bg-card px-2.5 py-1.5 text-xs whitespace-nowrap shadow-md"
            style={{ left: `${Math.min(88, Math.max(12, (active + 0.5) * step))}%` }}
          >
            <p className="font-medium text-foreground">{shown.label}</p>
            <p className="text-muted-foreground tabular-nums">{shown.description}</p>
          </div>
        )}
      </div>
      <div className="relative mt-2 h-4 text-xs text-muted-foreground">
        {bars.map((bar, i) =>
          axis.has(i) ? (
            <span
              key={bar.key}
              className={cn(
                'absolute whitespace-nowrap',
                i === 0 ? 'left-0' : i === bars.length - 1 ? 'right-0' : '-translate-x-1/2',
              )}
              style={i !== 0 && i !== bars.length - 1 ? { left: `${(i + 0.5) * step}%` } : {}}
            >
              {bar.label}
            </span>
          ) : null,
        )}
      </div>
      {/* The same figures for screen readers and keyboard users, day by day. */}
      <ul className="sr-only">
        {bars.map((bar) => (
          <li key={bar.key}>
            {bar.label}: {bar.description}
          </li>
        ))}
      </ul>
    </figure>
  )
}

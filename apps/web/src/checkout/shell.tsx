/** @jsxImportSource preact */
/** The frame of both pages: the business's logo and name over one centred card. */
import type { ComponentChildren } from 'preact'

export interface Business {
  name: string
  logoUrl: string | null
}

export function Shell({
  business,
  children,
}: {
  business: Business | null
  children: ComponentChildren
}) {
  return (
    <div class="page">
      {business && (
        <header class="business">
          {business.logoUrl && (
            <img class="logo" src={business.logoUrl} alt="" width={48} height={48} />
          )}
          <span class="business-name">{business.name}</span>
        </header>
      )}
      <main class="card">{children}</main>
    </div>
  )
}

/** A state's headline with its mark: a check, a clock, a cross or an alert. */
export function StateMark({ tone }: { tone: 'success' | 'waiting' | 'error' | 'warning' }) {
  const paths = {
    success: 'M7 12.5l3.2 3.2L17 9',
    waiting: 'M12 7v5l3 2',
    error: 'M9 9l6 6M15 9l-6 6',
    warning: 'M12 7.5v5.5M12 16.2v.3',
  }
  return (
    <svg class={`mark mark-${tone}`} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d={paths[tone]} />
    </svg>
  )
}

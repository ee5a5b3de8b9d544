import { useTranslation } from 'react-i18next'

/** "n/m confirmations" as a ring that fills one part per block. */
export function ConfirmationRing({
  confirmations,
  required,
  size = 72,
}: {
  confirmations: number
  required: number
  size?: number
}) {
  const { t } = useTranslation()
  const shown = Math.min(Math.max(confirmations, 0), required)
  const stroke = 7
  const radius = (size - stroke) / 2
  const circumference = 2 * Math.PI * radius
  const filled = required > 0 ? (shown / required) * circumference : 0
  return (
    <div
      role="img"
      aria-label={t('deposit.confirmationsOf', { count: shown, required })}
      className="relative shrink-0"
      style={{ width: size, height: size }}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="-rotate-90">
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          className="stroke-muted"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={`${filled} ${circumference}`}
          className="stroke-success transition-[stroke-dasharray] duration-700"
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-sm font-semibold tabular-nums">
        {shown}/{required}
      </span>
    </div>
  )
}

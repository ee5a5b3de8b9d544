/** The pieces the autoloop setup and a manual swap out share. */
import { TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { FormControl, FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { formatSatNumber } from '@/lib/money-format'

interface FieldProps {
  id: string
  label: string
  description?: string
  error?: string
  className?: string
  value: string
  onChange: (value: string) => void
}

/** An on-chain address the swapped funds go to, typed or pasted as it is. */
export function AddressField({ value, onChange, ...field }: FieldProps) {
  return (
    <FormField {...field}>
      <FormControl>
        <Input
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
      </FormControl>
    </FormField>
  )
}

/** A whole number of sats; anything but digits is dropped as it is typed. */
export function SatsField({ value, onChange, ...field }: FieldProps) {
  return (
    <FormField {...field}>
      <FormControl>
        <Input
          inputMode="numeric"
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        />
      </FormControl>
    </FormField>
  )
}

/**
 * That a swap's no-show prepay (up to `amountSat`) is kept by the swap server only if the swap is
 * abandoned, and counted toward the swap otherwise: a deposit, not a cost.
 */
export function PrepayWarning({ amountSat }: { amountSat: number }) {
  const { t } = useTranslation()
  return (
    <Alert variant="warning">
      <TriangleAlert aria-hidden />
      <AlertDescription className="text-warning-foreground/90">
        {t('loop.prepayWarning', { amount: formatSatNumber(amountSat) })}
      </AlertDescription>
    </Alert>
  )
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  )
}

/**
 * The withdraw form's state: its fields, what they read as, and the two steps to the server
 * (a quote to review, then the confirmation that sends, once per withdrawal whatever is retried).
 * Any change to what would be sent drops the quote, so nothing is sent that was not reviewed.
 */
import type { PasskeyAssertion } from '@app/domain'
import { useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { parseAppError, serverErrorInfo } from '@/lib/app-error'
import { appErrorMessage } from '@/lib/notify'
import { newWithdrawalKey } from './detect'
import { useWithdrawMutations, type Quote, type Withdrawal } from './use-withdraw'
import {
  EMPTY_WITHDRAW_FIELDS,
  readWithdrawForm,
  withdrawRequest,
  type WithdrawFields,
  type WithdrawFormContext,
} from './withdraw-form'

/** Errors after which the same withdrawal is confirmed again (nothing was sent). */
const RETRYABLE_CONFIRM_ERRORS = new Set([
  'WRONG_PASSWORD',
  'INVALID_TWO_FACTOR_CODE',
  'TWO_FACTOR_REQUIRED',
])

export type WithdrawForm = ReturnType<typeof useWithdrawForm>

export function useWithdrawForm({
  businessId,
  onSent,
  ...context
}: WithdrawFormContext & {
  businessId: string
  /** the withdrawal the server answered a confirmation with */
  onSent: (withdrawal: Withdrawal) => void
}) {
  const { quote: quoteCall, confirm: confirmCall } = useWithdrawMutations()
  const form = useForm<WithdrawFields>({ defaultValues: EMPTY_WITHDRAW_FIELDS })
  // every field has its default, so what is watched is always the whole form
  const values: WithdrawFields = {
    ...EMPTY_WITHDRAW_FIELDS,
    ...useWatch({ control: form.control }),
  }
  const reading = readWithdrawForm(values, context)
  const [quote, setQuote] = useState<Quote | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [isConfirming, setIsConfirming] = useState(false)
  const [confirmError, setConfirmError] = useState<string | null>(null)
  const key = useRef<string | null>(null)

  const setFields = (fields: Partial<WithdrawFields>) => {
    for (const name of Object.keys(fields) as (keyof WithdrawFields)[]) {
      const value = fields[name]
      if (value !== undefined) form.setValue(name, value)
    }
  }
  const dropQuote = () => {
    setQuote(null)
    setProblem(null)
    key.current = null
  }
  /** The request from the fields as they are now (also right after a change in this event). */
  const request = () => {
    const now = form.getValues()
    return withdrawRequest(now, readWithdrawForm(now, context))
  }

  const review = async () => {
    setProblem(null)
    try {
      setQuote(await quoteCall.mutateAsync({ businessId, quote: request() }))
    } catch (error) {
      setQuote(null)
      const given = serverErrorInfo(error).details.reason
      const reason = typeof given === 'string' && given !== '' ? ` (${given})` : ''
      setProblem(appErrorMessage(parseAppError(error)) + reason)
    }
  }

  const send = async (password: string, code: string, passkey?: PasskeyAssertion) => {
    setConfirmError(null)
    key.current ??= newWithdrawalKey()
    try {
      const w = await confirmCall.mutateAsync({
        businessId,
        quote: request(),
        idempotencyKey: key.current,
        // a fee risen above the one shown asks again (WITHDRAW_FEE_ROSE)
        ...(quote ? { quotedFeeSat: quote.feeSat } : {}),
        password,
        ...(passkey ? { passkey } : code.trim() ? { code: code.trim() } : {}),
      })
      setIsConfirming(false)
      onSent(w)
      if (w.status !== 'failed') setFields({ destination: '', amountText: '', sweepAll: false })
      dropQuote()
    } catch (error) {
      const e = parseAppError(error)
      setConfirmError(appErrorMessage(e))
      if (!RETRYABLE_CONFIRM_ERRORS.has(e.code)) key.current = null
      // the dialog shows the new fee, to be confirmed again
      if (e.code === 'WITHDRAW_FEE_ROSE') {
        setQuote(await quoteCall.mutateAsync({ businessId, quote: request() }).catch(() => null))
      }
    }
  }

  return {
    values,
    ...reading,
    quote,
    problem,
    isQuoting: quoteCall.isPending,
    isConfirming,
    isSending: confirmCall.isPending,
    confirmError,
    /** Changes what would be sent: the quote is reviewed again. */
    edit: (fields: Partial<WithdrawFields>) => {
      setFields(fields)
      dropQuote()
    },
    /** The whole balance: swept on chain, else the most that can be sent, in sats. */
    setMax: () => {
      const b = context.balances
      if (!b) return
      dropQuote()
      if (reading.rail === 'onchain') {
        setFields({ sweepAll: true })
        return
      }
      // an exchange takes Lightning withdrawals from its one balance, its fee quoted on review
      const most = b.registeredOnly ? b.onchainSat + b.lightningSat : b.maxLightningSat
      setFields({ unit: 'sat', amountText: String(most) })
    },
    /** A reviewed quote is quoted again at the new priority (a custom rate must be typed first). */
    choosePriority: (priority: WithdrawFields['priority']) => {
      setFields({ priority })
      if (quote && priority !== 'custom') void review()
      else setQuote(null)
    },
    setCustomRate: (customRate: string) => {
      setFields({ customRate })
      setQuote(null)
    },
    review: () => void review(),
    openConfirm: () => {
      setConfirmError(null)
      setIsConfirming(true)
    },
    closeConfirm: () => setIsConfirming(false),
    send: (password: string, code: string, passkey?: PasskeyAssertion) =>
      void send(password, code, passkey),
  }
}

/**
 * How a report writes an amount taken away (refunds): with a minus sign only when there is
 * something to take away, so an empty report reads "£0.00 / 0 sats", never "−£0.00 / −0 sats".
 */
export function deduction(amount: number | null, format: (amount: number) => string): string {
  if (amount === null) return ''
  const text = format(Math.abs(amount))
  return amount === 0 ? text : `−${text}`
}

import { describe, expect, it } from 'vitest'
import {
  emptyLinkForm,
  endOfDay,
  linkFormProblems,
  parseLinkAmount,
  parseSats,
  toLinkInput,
  type LinkFormValues,
} from './link-form'

const now = new Date(2026, 10, 28, 12, 0)
const form = (over: Partial<LinkFormValues>): LinkFormValues => ({
  ...emptyLinkForm('EUR'),
  name: 'Concert ticket',
  ...over,
})

describe('the amount', () => {
  it('reads major units of the currency as minor units, whatever the decimal mark', () => {
    expect(parseLinkAmount('12.50', 'EUR')).toBe(1250)
    expect(parseLinkAmount('12,5', 'EUR')).toBe(1250)
    expect(parseLinkAmount('1.234,50', 'GBP')).toBe(123450)
    expect(parseLinkAmount('12.345.6', 'EUR')).toBeNull()
    expect(parseLinkAmount('abc', 'USD')).toBeNull()
  })

  it('reads whole sats, with digit grouping', () => {
    expect(parseLinkAmount('21000', 'SAT')).toBe(21000)
    expect(parseSats('21 000')).toBe(21000)
    expect(parseSats('21,000')).toBe(21000)
    expect(parseSats('-5')).toBeNull()
    expect(parseSats('')).toBeNull()
  })

  it('is needed, positive and at most the largest payment for a fixed amount', () => {
    expect(linkFormProblems(form({ amount: '' }), now)).toEqual({ amount: 'amountRequired' })
    expect(linkFormProblems(form({ amount: '0' }), now)).toEqual({ amount: 'amountInvalid' })
    expect(linkFormProblems(form({ amount: 'ten' }), now)).toEqual({ amount: 'amountInvalid' })
    expect(linkFormProblems(form({ currency: 'SAT', amount: '100000001' }), now)).toEqual({
      amount: 'amountTooLarge',
    })
    expect(linkFormProblems(form({ amount: '12.50' }), now)).toEqual({})
  })

  it('is not asked when the customer chooses it', () => {
    const values = form({ amountType: 'open', amount: 'left over text' })
    expect(linkFormProblems(values, now)).toEqual({})
    expect(toLinkInput(values).amount).toBeNull()
  })
})

describe('the limits', () => {
  it('none, one use, N uses', () => {
    expect(toLinkInput(form({ amount: '5', limit: 'none', maxUses: '7' })).maxUses).toBeNull()
    expect(toLinkInput(form({ amount: '5', limit: 'once' })).maxUses).toBe(1)
    expect(toLinkInput(form({ amount: '5', limit: 'uses', maxUses: '10' })).maxUses).toBe(10)
    for (const maxUses of ['', '0', '2.5', '-1', '1000001']) {
      expect(linkFormProblems(form({ amount: '5', limit: 'uses', maxUses }), now)).toEqual({
        maxUses: 'maxUsesInvalid',
      })
    }
  })

  it('until the end of a day that is still to come', () => {
    expect(linkFormProblems(form({ amount: '5', limit: 'until', until: '' }), now)).toEqual({
      until: 'untilRequired',
    })
    expect(
      linkFormProblems(form({ amount: '5', limit: 'until', until: '2026-11-27' }), now),
    ).toEqual({ until: 'untilPast' })
    // today still counts: the link ends when the day does
    const today = form({ amount: '5', limit: 'until', until: '2026-11-28' })
    expect(linkFormProblems(today, now)).toEqual({})
    const input = toLinkInput(today)
    expect(input.activeUntil).toBe(endOfDay('2026-11-28')?.toISOString())
    expect(new Date(input.activeUntil ?? '').getDate()).toBe(28)
    expect(input.maxUses).toBeNull()
  })
})

describe('the redirect URL', () => {
  it('is http or https, never javascript: or data:', () => {
    for (const redirectUrl of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.com', 'shop']) {
      expect(linkFormProblems(form({ amount: '5', redirectUrl }), now)).toEqual({
        redirectUrl: 'redirectInvalid',
      })
    }
    const ok = form({ amount: '5', redirectUrl: ' https://shop.example/thanks ' })
    expect(linkFormProblems(ok, now)).toEqual({})
    expect(toLinkInput(ok).redirectUrl).toBe('https://shop.example/thanks')
    expect(toLinkInput(form({ amount: '5' })).redirectUrl).toBeNull()
  })
})

it('sends the trimmed name and description and the amount in minor units', () => {
  expect(toLinkInput(form({ name: ' Ticket ', description: ' Row A ', amount: '12.50' }))).toEqual({
    name: 'Ticket',
    description: 'Row A',
    amount: 1250,
    currency: 'EUR',
    maxUses: null,
    activeUntil: null,
    redirectUrl: null,
  })
})

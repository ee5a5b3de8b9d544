import { describe, expect, it } from 'vitest'
import { expiryProgress } from './expiry'

const createdAt = new Date('2025-01-01T12:00:00Z')
const expiresAt = new Date('2025-01-01T12:15:00Z')
const at = (minutes: number) => createdAt.getTime() + minutes * 60_000

describe('the expiry bar', () => {
  it('is full and calm at the start', () => {
    expect(expiryProgress(createdAt, expiresAt, at(0))).toEqual({
      fractionLeft: 1,
      secondsLeft: 900,
      tone: 'normal',
      isExpired: false,
    })
  })

  it('turns amber with 30 % left and red with 10 % left', () => {
    expect(expiryProgress(createdAt, expiresAt, at(10)).tone).toBe('normal')
    expect(expiryProgress(createdAt, expiresAt, at(10.5)).tone).toBe('warning')
    expect(expiryProgress(createdAt, expiresAt, at(13.4)).tone).toBe('warning')
    expect(expiryProgress(createdAt, expiresAt, at(13.5)).tone).toBe('critical')
  })

  it('is empty and expired once the time is up', () => {
    expect(expiryProgress(createdAt, expiresAt, at(16))).toMatchObject({
      fractionLeft: 0,
      secondsLeft: 0,
      isExpired: true,
    })
  })
})

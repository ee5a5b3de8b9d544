import { describe, expect, it } from 'vitest'
import { isDatabaseGone } from './database-gone'

const withFields = (message: string, fields: Record<string, string>) =>
  Object.assign(new Error(message), fields)

describe('isDatabaseGone', () => {
  it('knows what a connection sees when its PostgreSQL stops', () => {
    for (const err of [
      withFields('terminating connection due to administrator command', { code: '57P01' }),
      withFields('the database system is shutting down', { code: '57P03' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated'),
      withFields('connect ENOENT /tmp/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' }),
      withFields('connect ECONNREFUSED 127.0.0.1:5432', {
        code: 'ECONNREFUSED',
        syscall: 'connect',
      }),
    ]) {
      expect(isDatabaseGone(err), err.message).toBe(true)
    }
  })

  it('leaves every other failure to be reported', () => {
    for (const err of [
      withFields('terminating connection due to unexpected postmaster exit', { code: '57P02' }),
      withFields('canceling statement due to statement timeout', { code: '57014' }),
      withFields('duplicate key value violates unique constraint', { code: '23505' }),
      withFields('open /data/x ENOENT', { code: 'ENOENT', syscall: 'open' }),
      new Error('Connection terminated due to connection timeout'),
      'terminating connection due to administrator command',
      undefined,
    ]) {
      expect(isDatabaseGone(err), String(err)).toBe(false)
    }
  })
})

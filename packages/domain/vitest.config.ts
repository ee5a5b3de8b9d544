import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Dates of birth count in UTC; tests that build local dates read them as UTC dates.
    env: { TZ: 'UTC' },
  },
})

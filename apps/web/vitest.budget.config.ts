import { defineConfig } from 'vitest/config'

// The first-load budget reads the production build, so it runs after `vite build` (see
// scripts/test-all.mjs), not with the unit tests.
export default defineConfig({
  test: {
    name: 'web-budget',
    root: new URL('.', import.meta.url).pathname,
    environment: 'node',
    include: ['test/first-load-budget.test.ts'],
  },
})

import { defineConfig } from 'vitest/config'

// One run for every workspace's unit and integration tests; e2e/ is Playwright's.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/simnet', 'apps/server', 'apps/web'],
  },
})

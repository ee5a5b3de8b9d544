import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Bounds for a hang, not for speed: on a busy machine a test waits longer for the same states.
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
})

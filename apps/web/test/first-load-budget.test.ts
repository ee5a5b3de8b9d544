/**
 * The first-load budget: a cheap tablet on a slow connection must get /sign-in and the terminal
 * usable quickly, so the scripts a first load of either needs stay at most 150 KB compressed.
 * Reads the production build (run `npm run build -w @app/web` first; `npm test` runs this right
 * after the web build).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  BUDGET_BYTES,
  CHECKOUT_BUDGET_BYTES,
  CHECKOUT_PAGE,
  checkoutScripts,
  FIRST_LOAD_PAGES,
  OVER_BUDGET_CEILINGS,
  builtRouteFiles,
  compressedSize,
  firstLoadScripts,
  htmlScripts,
  readManifest,
} from './first-load'
import { COMPILE_HINT, COMPILE_HINT_MIN_BYTES } from '../vite-plugins/compile-hints'

// FIRST_LOAD_DIST: another build folder than apps/web/dist
const dist = process.env.FIRST_LOAD_DIST ?? fileURLToPath(new URL('../dist', import.meta.url))
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

describe('first-load JavaScript budget', () => {
  const manifest = readManifest(dist)
  const fromHtml = htmlScripts(dist)

  for (const page of Object.keys(FIRST_LOAD_PAGES)) {
    it(`${page} needs at most ${kb(BUDGET_BYTES)} of compressed script`, () => {
      const scripts = firstLoadScripts(manifest, page, fromHtml)
      const sizes = scripts.map((file) => [file, compressedSize(dist, file)] as const)
      const total = sizes.reduce((sum, [, size]) => sum + size, 0)
      const gzip = scripts.reduce((sum, file) => sum + compressedSize(dist, file, 'gz'), 0)
      const report =
        `${page}: ${kb(total)} brotli (${kb(gzip)} gzip) in ${scripts.length} scripts, routes ` +
        `${builtRouteFiles(manifest, page).join(', ') || 'root only'}\n` +
        sizes
          .sort((a, b) => b[1] - a[1])
          .map(([file, size]) => `  ${kb(size).padStart(9)}  ${file}`)
          .join('\n')
      console.info(report)
      expect(scripts.length).toBeGreaterThan(1)
      const ceiling = OVER_BUDGET_CEILINGS[page]
      if (ceiling === undefined) {
        expect(total, report).toBeLessThanOrEqual(BUDGET_BYTES)
      } else {
        expect(
          total,
          `${page} grew past its ceiling of ${kb(ceiling)}\n${report}`,
        ).toBeLessThanOrEqual(ceiling)
        expect(
          total,
          `${page} is within the budget now: take it off OVER_BUDGET_CEILINGS`,
        ).toBeGreaterThan(BUDGET_BYTES)
      }
    })
  }

  it('counts the entry and the page’s own chunks', () => {
    const signIn = firstLoadScripts(manifest, '/sign-in', fromHtml)
    const page = manifest['src/routes/_public/sign-in.tsx?tsr-split=component']?.file
    expect(page).toBeTruthy()
    expect(signIn).toContain(page)
    expect(signIn).toContain(manifest['index.html']?.file)
    // the route preloader index.html loads counts too
    expect(signIn.some((file) => /\/route-preload-[\w-]+\.js$/.test(file))).toBe(true)
    // the form's checks (zod) load after the page shows, not with it
    const checks = manifest['src/features/auth/sign-in-schema.ts']?.file
    expect(checks).toBeTruthy()
    expect(signIn).not.toContain(checks)
  })

  it('marks every script module of some size to be compiled while it downloads (V8 compile hints)', () => {
    const modules = Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js') && !/\/route-preload-[\w-]+\.js$/.test(file))
      .map((file) => [file, readFileSync(path.join(dist, file), 'utf8')] as const)
    const hinted = modules.filter(([, code]) => code.startsWith(`${COMPILE_HINT}\n`))
    // the libraries and the entry, which every page runs first
    expect(hinted.map(([file]) => file)).toContain(manifest['index.html']?.file)
    expect(hinted.some(([, code]) => code.length > 300_000)).toBe(true)
    for (const [file, code] of modules) {
      expect(code.startsWith(COMPILE_HINT), file).toBe(code.length >= COMPILE_HINT_MIN_BYTES)
    }
  })

  describe('the checkout page (checkout.html: /pay/…, /l/…)', () => {
    const scripts = checkoutScripts(manifest, htmlScripts(dist, CHECKOUT_PAGE))
    const dashboard = new Set(firstLoadScripts(manifest, '/sign-in', fromHtml))

    it(`needs at most ${kb(CHECKOUT_BUDGET_BYTES)} of compressed script`, () => {
      const sizes = scripts.map((file) => [file, compressedSize(dist, file)] as const)
      const total = sizes.reduce((sum, [, size]) => sum + size, 0)
      const gzip = scripts.reduce((sum, file) => sum + compressedSize(dist, file, 'gz'), 0)
      const report =
        `checkout: ${kb(total)} brotli (${kb(gzip)} gzip) in ${scripts.length} scripts\n` +
        sizes.map(([file, size]) => `  ${kb(size).padStart(9)}  ${file}`).join('\n')
      console.info(report)
      expect(scripts).toContain(manifest[CHECKOUT_PAGE]?.file)
      expect(total, report).toBeLessThanOrEqual(CHECKOUT_BUDGET_BYTES)
    })

    it('shares no library with the dashboard: only a few tiny modules of the domain', () => {
      const shared = scripts.filter((file) => dashboard.has(file))
      for (const file of shared) expect(compressedSize(dist, file), file).toBeLessThan(1024)
      // nor does the dashboard load the checkout
      expect([...dashboard]).not.toContain(manifest[CHECKOUT_PAGE]?.file)
    })

    it('carries neither React nor zod', () => {
      const code = scripts.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n')
      expect(code).not.toMatch(
        /react\.(element|transitional)|__SECRET_INTERNALS|ZodError|\$ZodType/,
      )
    })
  })
})

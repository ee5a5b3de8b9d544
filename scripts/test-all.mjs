#!/usr/bin/env node
// `npm test`: typecheck, lint, format check, unit + integration tests (Vitest), the web build and
// the browser journeys (Playwright). Each check counts as one test, each Vitest/Playwright case
// as one; the last line is `N passed, N failed` for CI.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'test-results')
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })

let passed = 0
let failed = 0
const failures = []

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(`=== ${name}: exit ${res.status} in ${((Date.now() - started) / 1000).toFixed(1)}s`)
  return res.status === 0
}

function check(name, cmd, args) {
  if (run(name, cmd, args)) passed += 1
  else {
    failed += 1
    failures.push(name)
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

const only = process.argv.slice(2)
const wants = (step) => only.length === 0 || only.includes(step)

if (wants('static')) {
  for (const ws of [
    'packages/domain',
    'packages/simnet',
    'apps/server',
    'apps/web',
    'e2e',
    'bench',
  ]) {
    if (existsSync(path.join(root, ws, 'tsconfig.json'))) {
      check(`typecheck ${ws}`, 'npx', ['tsc', '-p', `${ws}/tsconfig.json`])
    }
  }
  check('lint', 'npx', ['eslint', '--max-warnings', '0', '.'])
  check('format', 'npx', ['prettier', '--check', '.'])
}

if (wants('unit')) {
  const file = path.join(out, 'vitest.json')
  const unhandledFile = path.join(out, 'vitest-unhandled-errors.json')
  const ok = run(
    'unit and integration tests',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/vitest-unhandled-errors.mjs',
      `--outputFile.json=${file}`,
    ],
    { VITEST_UNHANDLED_ERRORS_FILE: unhandledFile },
  )
  const report = readJson(file)
  const unhandled = readJson(unhandledFile)
  if (report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    if (report.numFailedTests > 0) failures.push('vitest')
    // A file that failed before its tests ran (its set-up threw) reports them skipped, not
    // failed, and Vitest may still exit 0: each such file counts as one failure.
    const brokenFiles = report.testResults.filter(
      (r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed'),
    )
    if (brokenFiles.length > 0) {
      failed += brokenFiles.length
      failures.push(`vitest (set-up failed: ${brokenFiles.map((r) => r.name).join(', ')})`)
    }
    if (!unhandled) {
      failed += 1
      failures.push('vitest (no unhandled-error report)')
    } else if (unhandled.count > 0) {
      failed += unhandled.count
      failures.push(`vitest (unhandled errors: ${unhandled.messages.join('; ')})`)
    } else if (!ok && report.numFailedTests === 0 && brokenFiles.length === 0) {
      failed += 1
      failures.push('vitest (suite error)')
    }
  } else {
    failed += 1
    failures.push('vitest (no report)')
  }
}

if (wants('e2e')) {
  check('web build', 'npm', ['run', 'build'])
  // the first-load script budget reads that build (apps/web/test/first-load-budget.test.ts)
  check('first-load budget', 'npx', ['vitest', 'run', '-c', 'apps/web/vitest.budget.config.ts'])
  const file = path.join(out, 'playwright.json')
  const ok = run(
    'browser journeys',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    },
  )
  const report = readJson(file)
  if (report?.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0)
    failed += report.stats.unexpected
    if (report.stats.unexpected > 0) failures.push('playwright')
    if (!ok && report.stats.unexpected === 0) {
      failed += 1
      failures.push('playwright (run error)')
    }
  } else {
    failed += 1
    failures.push('playwright (no report)')
  }
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)

#!/usr/bin/env node
// `npm test`: typecheck, lint, format check, unit + integration tests (Vitest), the web build and
// the browser journeys (Playwright). Each check counts as one test, each Vitest/Playwright case
// as one; the last line is `N passed, N failed` for CI.
//
// Two lanes run side by side: the source checks then the web build (one process at a time,
// their output shown as each ends) beside Vitest (one test worker, its output as it comes). The
// browser journeys run last, alone: they start the product and a browser. `node
// scripts/test-all.mjs static unit e2e` picks parts (all by default).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'test-results')
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })

let passed = 0
let failed = 0
const failures = []

/** A tool of the repository, started without npx (which costs seconds on a busy machine). */
const bin = (name) => path.join(root, 'node_modules', '.bin', name)

/**
 * Runs a command; its output goes straight through (`live`) or is shown in one piece when it
 * ends, so that two lanes' outputs do not mix. Resolves to whether it exited 0.
 */
function run(name, cmd, args, { env = {}, live = false } = {}) {
  const started = Date.now()
  const head = `\n=== ${name}: ${path.basename(cmd)} ${args.join(' ')}`
  if (live) console.log(head)
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    const chunks = []
    child.stdout?.on('data', (c) => chunks.push(c))
    child.stderr?.on('data', (c) => chunks.push(c))
    const end = (code, error) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const body = Buffer.concat(chunks).toString('utf8').trimEnd()
      const tail = `=== ${name}: exit ${code}${error ? ` (${error.message})` : ''} in ${seconds}s`
      console.log(live ? tail : [head, ...(body ? [body] : []), tail].join('\n'))
      resolve(code === 0)
    }
    child.on('error', (error) => end(null, error))
    child.on('close', (code) => end(code))
  })
}

async function check(name, cmd, args) {
  if (await run(name, cmd, args)) passed += 1
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

/** Typecheck of each workspace, lint and format. */
async function sourceChecks() {
  for (const ws of [
    'packages/domain',
    'packages/simnet',
    'apps/server',
    'apps/web',
    'e2e',
    'bench',
  ]) {
    if (existsSync(path.join(root, ws, 'tsconfig.json'))) {
      await check(`typecheck ${ws}`, bin('tsc'), ['-p', `${ws}/tsconfig.json`])
    }
  }
  await check('lint', bin('eslint'), ['--max-warnings', '0', '.'])
  await check('format', bin('prettier'), ['--check', '.'])
}

/** The production build of the web app, and the first-load budget that reads it. */
async function webBuild() {
  await check('web build', 'npm', ['run', 'build'])
  // the first-load script budget reads that build (apps/web/test/first-load-budget.test.ts)
  await check('first-load budget', bin('vitest'), ['run', '-c', 'apps/web/vitest.budget.config.ts'])
}

async function unitTests() {
  const file = path.join(out, 'vitest.json')
  const unhandledFile = path.join(out, 'vitest-unhandled-errors.json')
  const ok = await run(
    'unit and integration tests',
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/vitest-unhandled-errors.mjs',
      `--outputFile.json=${file}`,
    ],
    { env: { VITEST_UNHANDLED_ERRORS_FILE: unhandledFile }, live: true },
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

async function journeys() {
  const file = path.join(out, 'playwright.json')
  const ok = await run(
    'browser journeys',
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file }, live: true },
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

const started = Date.now()
await Promise.all([
  (async () => {
    if (wants('static')) await sourceChecks()
    if (wants('e2e')) await webBuild()
  })(),
  wants('unit') ? unitTests() : Promise.resolve(),
])
if (wants('e2e')) await journeys()

if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`)
console.log(`\nAll parts in ${((Date.now() - started) / 60_000).toFixed(1)} min`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)

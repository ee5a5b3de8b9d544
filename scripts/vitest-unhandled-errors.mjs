// A Vitest reporter for `npm test`: writes the run's unhandled errors (a crashed test worker, an
// error thrown after a test finished) to the file named by VITEST_UNHANDLED_ERRORS_FILE. The
// JSON reporter leaves them out, and Vitest can exit 0 when a worker dies after its tests passed.
import { writeFileSync } from 'node:fs'

export default class UnhandledErrorsReporter {
  onTestRunEnd(_testModules, unhandledErrors) {
    const file = process.env.VITEST_UNHANDLED_ERRORS_FILE
    if (!file) return
    const messages = unhandledErrors.map((err) => String(err?.message ?? err))
    writeFileSync(file, JSON.stringify({ count: messages.length, messages }))
  }
}

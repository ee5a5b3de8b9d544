/**
 * Operator command line: `npm run operator -- grant <email>` gives a user the platform operator
 * role (review of applications, node hosting); `revoke <email>` takes it away.
 */
import { loadConfig } from '../config'
import { connectDatabase, migrateToLatest } from '../db/database'
import { locateDatabase } from '../db/locate'
import { createAuthRepo } from '../modules/auth/repo'

const USAGE = 'Usage: npm run operator -- grant <email> | revoke <email>'

async function main(args: string[]): Promise<number> {
  const [command, email] = args
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error(USAGE)
    return 2
  }
  const config = loadConfig()
  const located = await locateDatabase(config)
  const database = connectDatabase(located.url, 2)
  try {
    await migrateToLatest(database.db)
    const changed = await createAuthRepo(database.db).setOperator(email, command === 'grant')
    if (!changed) {
      console.error(`No account with the email ${email}`)
      return 1
    }
    console.log(
      command === 'grant' ? `${email} is now an operator` : `${email} is no longer an operator`,
    )
    return 0
  } finally {
    await database.close()
    await located.release()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err)
    process.exit(1)
  },
)

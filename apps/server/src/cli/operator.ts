/**
 * Operator command line: `npm run operator -- grant <email>` gives a user the platform operator
 * role (review of applications); `revoke <email>` takes it away; `add-node <rest url> <tls.cert>`
 * adds an lnd node to the pool merchants' nodes come from; `rotate-secret` seals every stored
 * secret again under APP_SECRET (the one it replaces given as APP_SECRET_PREVIOUS).
 */
import { readFile } from 'node:fs/promises'
import { loadConfig } from '../config'
import { connectDatabase, migrateToLatest } from '../db/database'
import { locateDatabase } from '../db/locate'
import { createSealedValuesRepo } from '../db/sealed-values-repo'
import { resealAll } from '../lib/secret-rotation'
import { SecretBox } from '../lib/secrets'
import { createAuthRepo } from '../modules/auth/repo'
import {
  PAYOUT_LIMITS_USAGE,
  isPayoutLimitsCommand,
  runPayoutLimitsCommand,
} from '../modules/consent/cli'
import { MOVE_IMAGES_USAGE, moveImagesToS3 } from '../modules/devices/cli'
import { createUpdateRepo } from '../modules/node/update-repo'
import { DENYLIST_USAGE, isDenylistCommand, runDenylistCommand } from '../modules/screening/cli'

import { registerPoolNode } from '../wallets/nodehost/lnd-pool-node-host'

const USAGE = `Usage: npm run operator -- <command>
  grant <email>                      make an account a platform operator
  revoke <email>                     take the operator role away
  add-node <rest url> <tls.cert>     add an lnd node to the pool
  node-version <version> [notes]     offer merchants' nodes an lnd version to update to
  rotate-secret                      seal stored secrets again under APP_SECRET
                                     (the old one given as APP_SECRET_PREVIOUS)
${MOVE_IMAGES_USAGE}
${DENYLIST_USAGE}
${PAYOUT_LIMITS_USAGE}`

async function rotateSecret(): Promise<number> {
  const config = loadConfig()
  const located = await locateDatabase(config)
  const database = connectDatabase(located.url, 2)
  try {
    await migrateToLatest(database.db)
    const box = new SecretBox(config.appSecret, config.appSecretPrevious)
    const report = await resealAll(createSealedValuesRepo(database.db), box)
    for (const [column, n] of Object.entries(report.columns)) {
      console.log(`${column}: ${n.resealed} sealed again, ${n.unchanged} already current`)
    }
    console.log(`Every stored secret is sealed under key ${box.keyId}`)
    return 0
  } finally {
    await database.close()
    await located.release()
  }
}

async function addNode(restUrl: string | undefined, certFile: string | undefined): Promise<number> {
  if (!restUrl || !certFile || !/^https:\/\//.test(restUrl)) {
    console.error(USAGE)
    return 2
  }
  const tlsCertPem = await readFile(certFile, 'utf8')
  if (!tlsCertPem.includes('BEGIN CERTIFICATE')) {
    console.error(`${certFile} is not a PEM certificate`)
    return 2
  }
  const config = loadConfig()
  const located = await locateDatabase(config)
  const database = connectDatabase(located.url, 2)
  try {
    await migrateToLatest(database.db)
    const id = await registerPoolNode(database.db, { restUrl, tlsCertPem })
    console.log(`Added pool node ${id} at ${restUrl}`)
    return 0
  } finally {
    await database.close()
    await located.release()
  }
}

async function denylist(args: string[]): Promise<number> {
  const config = loadConfig()
  const located = await locateDatabase(config)
  const database = connectDatabase(located.url, 2)
  try {
    await migrateToLatest(database.db)
    return isPayoutLimitsCommand(args[0])
      ? await runPayoutLimitsCommand(database.db, args)
      : await runDenylistCommand(database.db, args)
  } finally {
    await database.close()
    await located.release()
  }
}

/** Offers merchants' nodes an lnd version to update to, with notes they read first. */
async function publishNodeVersion(version: string | undefined, notes: string): Promise<number> {
  if (!version || !/^\d+\.\d+\.\d+(-[a-z0-9.]+)?$/.test(version)) {
    console.error('Usage: npm run operator -- node-version <version, e.g. 0.19.1-beta> [notes]')
    return 2
  }
  const config = loadConfig()
  const located = await locateDatabase(config)
  const database = connectDatabase(located.url, 2)
  try {
    await migrateToLatest(database.db)
    await createUpdateRepo(database.db).publish(version, notes.trim())
    console.log(`Published node version ${version}`)
    return 0
  } finally {
    await database.close()
    await located.release()
  }
}

async function main(args: string[]): Promise<number> {
  const [command, email] = args
  if (command === 'add-node') return addNode(args[1], args[2])
  if (command === 'rotate-secret') return rotateSecret()
  if (command === 'move-images-to-s3') return moveImagesToS3()
  if (isDenylistCommand(command) || isPayoutLimitsCommand(command)) return denylist(args)
  if (command === 'node-version') return publishNodeVersion(args[1], args.slice(2).join(' '))
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

/**
 * The operator's denylist commands: `deny-address <address> --reason "…"`, `allow-address
 * <address>` and `list`. The list holds Bitcoin addresses, Lightning addresses, LNURL hosts and
 * node public keys; each is compared in its canonical form.
 */
import type { Db } from '../../db/database'
import { createScreeningRepo } from './repo'

export const DENYLIST_USAGE = `  deny-address <address> --reason "…"  refuse withdrawals to an address
  allow-address <address>            take an address off the denylist
  list                               show the denylist`

export function isDenylistCommand(command: string | undefined): boolean {
  return command === 'deny-address' || command === 'allow-address' || command === 'list'
}

function reasonArg(args: string[]): string | null {
  const i = args.indexOf('--reason')
  if (i >= 0) return args[i + 1]?.trim() || null
  const eq = args.find((a) => a.startsWith('--reason='))
  return eq ? eq.slice('--reason='.length).trim() || null : null
}

/** Runs one denylist command; returns the exit code. */
export async function runDenylistCommand(
  db: Db,
  args: string[],
  out: { log(s: string): void; error(s: string): void } = console,
): Promise<number> {
  const [command, address] = args
  const repo = createScreeningRepo(db)
  if (command === 'list') {
    const rows = await repo.list()
    if (rows.length === 0) out.log('The denylist is empty')
    for (const r of rows) {
      out.log(`${r.address}\t${r.reason}\t(${r.addedBy}, ${r.createdAt.toISOString()})`)
    }
    return 0
  }
  if (!address || address.startsWith('--')) {
    out.error(DENYLIST_USAGE)
    return 2
  }
  if (command === 'deny-address') {
    const reason = reasonArg(args)
    if (!reason) {
      out.error('Give the reason: --reason "…"')
      return 2
    }
    await repo.deny(address, reason, 'operator')
    out.log(`Withdrawals to ${address} are refused: ${reason}`)
    return 0
  }
  if (!(await repo.allow(address))) {
    out.error(`${address} is not on the denylist`)
    return 1
  }
  out.log(`${address} is no longer on the denylist`)
  return 0
}

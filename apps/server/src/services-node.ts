/** A business's own node: the node service (and where nodes come from), deposits and Loop. */
import { createDepositRepo } from './modules/deposit/repo'
import { createDepositService } from './modules/deposit/service'
import { followLoopSwaps, registerLoopJobs } from './modules/loop/jobs'
import { createLoopRepo } from './modules/loop/repo'
import { createLoopService } from './modules/loop/service'
import { createBackupLeaseRepo } from './modules/node/backup-lease-repo'
import { createBackupRepo } from './modules/node/backup-repo'
import { createNodeRepo } from './modules/node/repo'
import { createNodeService } from './modules/node/service'
import { createUpdateRepo } from './modules/node/update-repo'
import type { ConsentService } from './modules/consent'
import type { ServiceBase, ServiceDeps } from './services-base'
import { LndPoolNodeHost } from './wallets/nodehost/lnd-pool-node-host'
import type { NodeHost } from './wallets/nodehost/node-host'
import { SimnetNodeHost } from './wallets/nodehost/simnet-node-host'

function createNodeHost(deps: ServiceDeps): NodeHost {
  const { nodeHost, lspPubkey } = deps.config.externals
  return nodeHost.kind === 'simnet'
    ? new SimnetNodeHost(nodeHost.url, nodeHost.token)
    : new LndPoolNodeHost(deps.db, lspPubkey, nodeHost.updateWebhook ?? null)
}

export function createNodeServices(base: ServiceBase, consent: ConsentService) {
  const { deps, jobs } = base
  const nodes = createNodeService({
    repo: createNodeRepo(deps.db),
    backupRepo: createBackupRepo(deps.db),
    updateRepo: createUpdateRepo(deps.db),
    backupLeases: createBackupLeaseRepo(deps.db),
    host: createNodeHost(deps),
    secrets: base.secrets,
    onboardingRepo: base.onboardingRepo,
    bus: base.bus,
    jobs: { queue: jobs, intervalMs: deps.config.pollIntervals.nodeMs },
    pool: deps.pool,
    log: deps.log,
  })
  const loopRepo = createLoopRepo(deps.db)
  const loop = createLoopService({
    repo: loopRepo,
    nodes,
    consent,
    network: deps.config.network,
    log: deps.log,
  })
  const loopJobDeps = { repo: loopRepo, service: loop, log: deps.log }
  registerLoopJobs(jobs, loopJobDeps)
  return {
    nodes,
    loop,
    /**
     * At start-up: swaps a crash left `pending` are asked of loopd now (a row loopd never saw
     * stays pending until the follow-up gives up on it), not once they are stale.
     */
    followUpSwapsAtStart: () => followLoopSwaps(loopJobDeps, undefined, 0),
    deposits: createDepositService({
      repo: createDepositRepo(deps.db),
      nodes,
      onboardingRepo: base.onboardingRepo,
      bus: base.bus,
      jobs: { queue: jobs, intervalMs: deps.config.pollIntervals.depositMs },
      log: deps.log,
    }),
  }
}

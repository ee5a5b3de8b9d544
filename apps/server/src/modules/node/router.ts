import { DEFAULT_CURRENCY } from '@app/domain'
import { tracked } from '@trpc/server'
import { z } from 'zod'
import { businessProcedure, router } from '../../trpc/init'
import { memberAuditOf } from '../audit'
import { ZSecondFactorCode } from '../auth'

const ZPassword = z.string().max(200)

/**
 * `node.*`: the business's own Lightning node (members only). What changes the node (an unlock,
 * an update, a backup or the seed words handed out) is recorded in the audit log once the node
 * did it: the act happens on the node, so there is no transaction of it to share.
 */
export const nodeRouter = router({
  status: businessProcedure('wallet.read').query(({ ctx, signal }) =>
    ctx.services.nodes.status(ctx.business.id, signal),
  ),
  /**
   * The node's status now and at every change; tracked by the change time, so a page
   * reconnecting with `lastEventId` gets the status again only if it changed while away.
   */
  watch: businessProcedure('wallet.read')
    .input(z.object({ lastEventId: z.string().max(64).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const events = ctx.services.nodes.watch(ctx.business.id, signal, input.lastEventId)
      for await (const event of events) yield tracked(event.at, event.status)
    }),
  /** Identity, balances and channels of the running node (its status alone until it runs). */
  details: businessProcedure('wallet.read').query(async ({ ctx, signal }) => ({
    ...(await ctx.services.nodes.details(ctx.business.id, signal)),
    currency: ctx.business.currency ?? DEFAULT_CURRENCY,
  })),
  /** When the platform last kept a verified channel backup of the node, and of how many channels. */
  backupInfo: businessProcedure('wallet.read').query(async ({ ctx }) => ({
    last: await ctx.services.nodes.backups.last(ctx.business.id),
  })),
  /** A fresh static channel backup, verified by the node before it is handed out (and kept). */
  channelBackup: businessProcedure('node.manage').mutation(async ({ ctx, signal }) => {
    const backup = await ctx.services.nodes.backups.take(ctx.business.id, signal)
    await ctx.services.auditLog.record({
      businessId: ctx.business.id,
      by: memberAuditOf(ctx),
      action: 'node.backup_exported',
      details: { channels: backup.channelPoints.length },
    })
    return {
      fileBase64: backup.multiChannelBackup,
      channelCount: backup.channelPoints.length,
      verifiedAt: backup.verifiedAt,
    }
  }),
  /** The node's version, the latest the operator published (with notes), the last update. */
  updateInfo: businessProcedure('wallet.read').query(({ ctx, signal }) =>
    ctx.services.nodes.updates.info(ctx.business.id, signal),
  ),
  /** Updates the node to the published version (no payment in flight; a backup first). */
  update: businessProcedure('node.manage')
    .input(z.object({ version: z.string().min(1).max(64) }))
    .mutation(async ({ ctx, input, signal }) => {
      const started = await ctx.services.nodes.updates.start(ctx.business.id, input.version, signal)
      await ctx.services.auditLog.record({
        businessId: ctx.business.id,
        by: memberAuditOf(ctx),
        action: 'node.update_started',
        subject: { kind: 'node_update', id: started.updateId },
        details: { version: input.version },
      })
      return started
    }),
  request: businessProcedure('node.manage').mutation(({ ctx, signal }) =>
    ctx.services.nodes.request(ctx.business, signal),
  ),
  initialise: businessProcedure('node.manage')
    .input(z.object({ password: ZPassword, confirmPassword: ZPassword }))
    .mutation(({ ctx, input, signal }) =>
      ctx.services.nodes.initialise(ctx.business, input, signal),
    ),
  /** Unlocks the node's wallet after a restart; attempts are limited per user and business. */
  unlock: businessProcedure('node.manage')
    .input(z.object({ password: ZPassword }))
    .mutation(async ({ ctx, input, signal }) => {
      const status = await ctx.services.nodes.unlock(
        {
          userId: ctx.user.id,
          businessId: ctx.business.id,
          password: input.password,
        },
        signal,
      )
      await ctx.services.auditLog.record({
        businessId: ctx.business.id,
        by: memberAuditOf(ctx),
        action: 'node.unlocked',
      })
      return status
    }),
  confirmSeed: businessProcedure('node.manage').mutation(({ ctx, signal }) =>
    ctx.services.nodes.confirmSeed(ctx.business, signal),
  ),
  /**
   * The seed words again: failed reveals limited per user and per business, and with two-factor sign-in on,
   * a code from the authenticator (or a recovery code) besides the node password.
   */
  revealSeed: businessProcedure('node.manage')
    .input(z.object({ password: ZPassword, code: ZSecondFactorCode.optional() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.auth.guardSeedReveal({
        userId: ctx.user.id,
        businessId: ctx.business.id,
        code: input.code,
      })
      const shown = await ctx.services.nodes.revealSeed(ctx.business.id, input.password)
      await ctx.services.auth.seedRevealed(ctx.user.id, ctx.business.id)
      await ctx.services.auditLog.record({
        businessId: ctx.business.id,
        by: memberAuditOf(ctx),
        action: 'node.seed_revealed',
      })
      return shown
    }),
})

/**
 * Device settings: one set for all of a business's terminals (logo, displayed name, receipt
 * text, screen saver image and delay, theme), kept in PostgreSQL, and their images, whose bytes
 * are in PostgreSQL or an S3-compatible store (`image-store.ts`), so every instance serves them.
 * Images are cleaned before they are stored (`images.ts`).
 *
 * With the object store, writes go in an order that loses nothing and leaves nothing behind:
 * the new object's key is listed as an orphan, the object is put, then its row and the slot
 * change commit together (taking the key off the list); the replaced image's row is deleted in
 * that transaction (which lists its object), and its object is deleted after the commit. A
 * delete that fails, or an upload that never commits, stays listed and is retried by the
 * `device-image-orphans` job.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import {
  DEFAULT_IDLE_SIGN_OUT_SEC,
  DEFAULT_RECEIPT_TEXT,
  DEFAULT_TIP_PERCENTS,
  type AuditDetails,
  type DeviceImageKind,
  type DeviceTheme,
} from '@app/domain'
import { DomainError } from '../../lib/errors'
import type { AuditBy, AuditEvent } from '../audit'
import type { JobQueue } from '../../jobs/jobs'
import { imageObjectKey, type ImageStore, type ObjectStore } from './image-store'
import { cleanImage } from './images'
import type { DeviceSettingsRepo, ImageSlot, NewImage } from './settings-repo'

export interface DeviceSettingsView {
  displayName: string
  receiptText: string
  screenSaverDelaySec: number
  theme: DeviceTheme
  logoUrl: string | null
  screenSaverUrl: string | null
  tipPercents: number[]
  idleSignOutSec: number
}

const SLOT: Record<DeviceImageKind, ImageSlot> = {
  logo: 'logoImageId',
  screenSaver: 'screenSaverImageId',
}

const imageUrl = (id: string) => `/api/device-images/${id}`

/** An upload that has not committed within this long is given up: its object is deleted. */
const UPLOAD_GRACE_MS = 60 * 60_000
const ORPHAN_JOB = 'device-image-orphans'
const ORPHAN_BATCH = 100

export interface ServedImage {
  contentType: string
  bytes: Buffer
  createdAt: Date
}

/** The settings a change names in the audit log (the patch may carry the call's other fields). */
const SETTING_KEYS = [
  'displayName',
  'receiptText',
  'screenSaverDelaySec',
  'theme',
  'tipPercents',
  'idleSignOutSec',
] as const

export function createDeviceSettingsService(deps: {
  repo: DeviceSettingsRepo
  /** where new images' bytes go; PostgreSQL when not given */
  store?: ImageStore
  log?: (msg: string, err?: unknown) => void
}) {
  const { repo } = deps
  const store: ImageStore = deps.store ?? { kind: 'postgres' }
  const objects: ObjectStore | null = store.kind === 's3' ? store.objects : null
  const log = deps.log ?? (() => {})

  /** Deletes an orphaned object now; on failure it stays listed for the job. True when gone. */
  async function deleteOrphan(objectKey: string): Promise<boolean> {
    if (!objects) return false
    try {
      await objects.delete(objectKey)
    } catch (err) {
      log(`device image object ${objectKey} not deleted yet; will be retried`, err)
      await repo.postponeOrphan(objectKey)
      return false
    }
    await repo.dropOrphan(objectKey)
    return true
  }

  /**
   * Puts an object, listed as an orphan first: an upload whose row never commits (the process
   * stopped, the write failed) is deleted by the job once its grace has passed.
   */
  async function putListed(objects: ObjectStore, key: string, bytes: Buffer, type: string) {
    await repo.addOrphan(key, new Date(Date.now() + UPLOAD_GRACE_MS))
    await objects.put(key, bytes, type)
  }

  /** Puts the bytes where they go (object first), then the image's row in the slot. */
  async function storeImage(
    businessId: string,
    slot: ImageSlot,
    image: Awaited<ReturnType<typeof cleanImage>>,
    audit: AuditEvent,
  ): Promise<void> {
    const id = randomUUID()
    const meta = {
      id,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      size: image.bytes.length,
    }
    let row: NewImage
    if (store.kind === 'postgres') row = { ...meta, storage: 'postgres', bytes: image.bytes }
    else {
      const objectKey = imageObjectKey(store.keyPrefix, { businessId, ...meta })
      await putListed(store.objects, objectKey, image.bytes, image.contentType)
      row = { ...meta, storage: 's3', objectKey }
    }
    // A failure here may still have committed (the answer lost on the way): an object is left
    // listed, and the job deletes it only if no committed row took it off the list.
    const { replacedObjectKey } = await repo.putImage(businessId, slot, row, audit)
    if (replacedObjectKey) await deleteOrphan(replacedObjectKey)
  }

  async function get(businessId: string): Promise<DeviceSettingsView> {
    const row = await repo.get(businessId)
    return {
      displayName: row?.displayName ?? (await repo.businessName(businessId)),
      receiptText: row?.receiptText ?? DEFAULT_RECEIPT_TEXT,
      screenSaverDelaySec: row?.screenSaverDelaySec ?? 120,
      theme: (row?.theme ?? 'light') as DeviceTheme,
      logoUrl: row?.logoImageId ? imageUrl(row.logoImageId) : null,
      screenSaverUrl: row?.screenSaverImageId ? imageUrl(row.screenSaverImageId) : null,
      tipPercents: row?.tipPercents ?? [...DEFAULT_TIP_PERCENTS],
      idleSignOutSec: row?.idleSignOutSec ?? DEFAULT_IDLE_SIGN_OUT_SEC,
    }
  }

  return {
    get,
    /** The business's own name (a terminal asks before switching to another business). */
    businessName: (businessId: string) => repo.businessName(businessId),

    async update(
      businessId: string,
      patch: {
        displayName?: string
        receiptText?: string
        screenSaverDelaySec?: number
        theme?: DeviceTheme
        tipPercents?: number[]
        idleSignOutSec?: number
      },
      by: AuditBy,
    ): Promise<DeviceSettingsView> {
      const changed: AuditDetails = {}
      for (const key of SETTING_KEYS) {
        const value = patch[key]
        if (value !== undefined) changed[key] = Array.isArray(value) ? value.join(',') : value
      }
      await repo.update(
        businessId,
        {
          ...patch,
          // emptied: back to the default
          ...(patch.displayName === '' ? { displayName: null } : {}),
          ...(patch.receiptText === '' ? { receiptText: null } : {}),
        },
        { businessId, by, action: 'device_settings.changed', details: changed },
      )
      return get(businessId)
    },

    async uploadImage(
      businessId: string,
      kind: DeviceImageKind,
      bytes: Buffer,
      by: AuditBy,
    ): Promise<DeviceSettingsView> {
      const image = await cleanImage(bytes)
      await storeImage(businessId, SLOT[kind], image, {
        businessId,
        by,
        action: 'device_settings.image_changed',
        details: { image: kind, width: image.width, height: image.height },
      })
      return get(businessId)
    },

    async removeImage(
      businessId: string,
      kind: DeviceImageKind,
      by: AuditBy,
    ): Promise<DeviceSettingsView> {
      const removed = await repo.removeImage(businessId, SLOT[kind], {
        businessId,
        by,
        action: 'device_settings.image_changed',
        details: { image: kind, removed: true },
      })
      if (!removed) throw new DomainError('FILE_NOT_FOUND', 'There is no such image')
      if (removed.removedObjectKey) await deleteOrphan(removed.removedObjectKey)
      return get(businessId)
    },

    /** The image to serve, wherever its bytes are; undefined when there is none. */
    async image(id: string): Promise<ServedImage | undefined> {
      const row = await repo.image(id)
      if (!row) return undefined
      if (row.storage === 'postgres') {
        return row.bytes
          ? { contentType: row.contentType, bytes: row.bytes, createdAt: row.createdAt }
          : undefined
      }
      if (!objects || !row.objectKey) {
        log(`device image ${id} is in the S3 store, which this server is not configured for`)
        return undefined
      }
      const bytes = await objects.get(row.objectKey)
      if (!bytes) {
        log(`device image ${id}: object ${row.objectKey} is missing from the S3 store`)
        return undefined
      }
      return { contentType: row.contentType, bytes, createdAt: row.createdAt }
    },

    /**
     * Deletes the orphaned objects that are due (replaced or removed images whose delete
     * failed, uploads that never committed, images of deleted businesses); how many went.
     */
    async deleteDueOrphans(): Promise<number> {
      if (!objects) return 0
      let deleted = 0
      for (const key of await repo.dueOrphans(ORPHAN_BATCH)) {
        if (await deleteOrphan(key)) deleted++
      }
      return deleted
    },

    /**
     * Moves the bytes of images stored in PostgreSQL into the object store (operator command
     * `move-images-to-s3`): each object is put, then its row names it and drops its own copy.
     * Images keep their ids, so their addresses do not change. How many were moved.
     */
    async moveImagesToObjectStore(): Promise<number> {
      if (store.kind !== 's3') return 0
      let moved = 0
      for (;;) {
        const batch = await repo.imagesInPostgres(50)
        if (batch.length === 0) return moved
        for (const image of batch) {
          // a key of this attempt's own: a second mover running at once never shares it
          const objectKey = imageObjectKey(store.keyPrefix, image, randomBytes(4).toString('hex'))
          await putListed(store.objects, objectKey, image.bytes, image.contentType)
          if (await repo.movedToObjectStore(image.id, objectKey)) moved++
          else await deleteOrphan(objectKey)
        }
      }
    },
  }
}

/** The periodic deletion of orphaned objects (one instance of the cluster at a time). */
export function registerDeviceImageJobs(
  jobs: JobQueue,
  service: DeviceSettingsService,
  deps: { intervalMs: number; log?: (msg: string, err?: unknown) => void },
): void {
  jobs.every(ORPHAN_JOB, deps.intervalMs, async () => {
    const deleted = await service.deleteDueOrphans()
    if (deleted > 0) deps.log?.(`deleted ${deleted} orphaned device image objects`)
  })
}

export type DeviceSettingsService = ReturnType<typeof createDeviceSettingsService>

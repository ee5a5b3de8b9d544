/**
 * Operator command `move-images-to-s3`: moves the bytes of device images still kept in
 * PostgreSQL (stored before S3 was configured) into the configured S3-compatible store. Images
 * keep their ids and addresses; it can run while servers serve, and again after an interruption.
 */
import { loadConfig } from '../../config'
import { connectDatabase, migrateToLatest } from '../../db/database'
import { locateDatabase } from '../../db/locate'
import { createImageStore } from './image-store'
import { createDeviceSettingsRepo } from './settings-repo'
import { createDeviceSettingsService } from './settings-service'

export const MOVE_IMAGES_USAGE =
  '  move-images-to-s3                  move device images kept in PostgreSQL to the S3 store'

export async function moveImagesToS3(): Promise<number> {
  const config = loadConfig()
  if (config.imageStore.kind !== 's3') {
    console.error(
      'No S3 image store is configured: set S3_BUCKET, S3_ACCESS_KEY_ID and ' +
        'S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_REGION... as for the server) first',
    )
    return 2
  }
  const store = createImageStore(config.imageStore)
  const located = await locateDatabase(config)
  const database = connectDatabase(located.url, 2)
  try {
    await migrateToLatest(database.db)
    const service = createDeviceSettingsService({
      repo: createDeviceSettingsRepo(database.db),
      store,
      log: (msg) => console.error(msg),
    })
    const moved = await service.moveImagesToObjectStore()
    console.log(`Moved ${moved} device images to ${store.kind === 's3' ? store.describe : ''}`)
    return 0
  } finally {
    await database.close()
    await located.release()
  }
}

/** Limits of the API that the server enforces and the web keeps to. */

/** The most calls one batched tRPC request may carry; larger batches are refused (400). */
export const MAX_BATCH_CALLS = 20

/**
 * A page carries the answers its first screen needs in a data block with this id (superjson, a
 * list of `BootEntry`), which the app puts in its query cache before it starts.
 */
export const BOOT_DATA_ELEMENT_ID = 'boot-data'

/** One answer a page carries: the procedure's path, its input, and what it returned. */
export interface BootEntry {
  path: string
  input?: unknown
  data: unknown
}

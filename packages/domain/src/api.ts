/** Limits of the API that the server enforces and the web keeps to. */

/** The most calls one batched tRPC request may carry; larger batches are refused (400). */
export const MAX_BATCH_CALLS = 20

/** Helpers for the row types repositories hand out, derived from the tables in `schema.ts`. */

/**
 * A row with its int8 columns `K` as numbers: pg reads int8 as a string, and a repository
 * converts it (amounts in sats and minor units stay far below 2^53).
 */
export type Int8AsNumber<Row, K extends keyof Row> = {
  [P in keyof Row]: P extends K ? (null extends Row[P] ? number | null : number) : Row[P]
}

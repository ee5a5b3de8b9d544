/** Helpers for the row types repositories hand out, derived from the tables in `schema.ts`. */

/**
 * A row with its int8 columns `K` as numbers: pg reads int8 as a string, and a repository
 * converts it (amounts in sats and minor units stay far below 2^53).
 */
export type Int8AsNumber<Row, K extends keyof Row> = {
  [P in keyof Row]: P extends K ? (null extends Row[P] ? number | null : number) : Row[P]
}

/**
 * PostgreSQL `to_char` format of a time to the microsecond as fixed-width ISO 8601 UTC text,
 * which sorts as the time does: the change time realtime events carry as their id.
 */
export const UTC_MICROS = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'

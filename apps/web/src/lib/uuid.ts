/**
 * Whether a URL value is a UUID (as zod's `z.uuid()` accepts: RFC 9562 versions 1-8, nil and
 * max), checked without a schema library: route search checks run on every page's first load.
 */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}

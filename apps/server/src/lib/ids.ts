const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids are UUIDs: anything else is answered "not found" without asking the database. */
export const isUuid = (id: string): boolean => UUID.test(id)

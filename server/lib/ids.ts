/**
 * What an id or a time read back from a client (a path, a cursor) must look like before it
 * reaches SQL as a uuid or a timestamptz: anything else would be a database error, so a 500.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);

const TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;
/** A timestamp as PostgreSQL prints it (`created_at::text`) or ISO, and a real one. */
export const isTimestamp = (s: unknown): s is string =>
  typeof s === 'string' &&
  TIME.test(s) &&
  !Number.isNaN(Date.parse(s.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')));

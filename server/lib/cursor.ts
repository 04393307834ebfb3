import { badRequest } from './errors.ts';

/**
 * Keyset cursors: the sort key of the last row of a page, opaque to clients (base64url JSON).
 * A tampered or foreign cursor is a 400, never a 500.
 */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor<T extends (string | number)[]>(
  cursor: string | undefined,
  shape: ('string' | 'number')[],
): T | null {
  if (!cursor) return null;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === shape.length &&
      values.every((v, i) => typeof v === shape[i])
    )
      return values as T;
  } catch {
    // fall through
  }
  throw badRequest('errors.badRequest');
}

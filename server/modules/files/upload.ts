import type { MessageKey } from '#shared/i18n/keys.ts';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';

/** Size rules of decisions.md "Files" (inclusive: a file of exactly this size is accepted). */
export const UPLOAD_LIMITS = {
  imageBytes: 2 * 1024 * 1024,
  resumeBytes: 5 * 1024 * 1024,
} as const;

/**
 * What the multipart parser itself allows, per request, whatever the route: one file, a few small
 * fields, and a file size just over the largest rule, so the per-route check below is the one
 * that answers with the precise message.
 */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_LIMITS.resumeBytes + 1024,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 6,
  headerPairs: 50,
} as const;

/**
 * Reads the one file of a multipart request (field `file`) into memory, refusing it as soon as it
 * passes `maxBytes` (the parser stops reading there; nothing larger is ever buffered).
 */
export async function readOneFile(
  request: FastifyRequest,
  maxBytes: number,
  tooLargeKey: MessageKey,
): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('upload.noFile');
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes } });
  } catch (err) {
    throw mapMultipartError(err, tooLargeKey);
  }
  if (!part || part.fieldname !== 'file') throw badRequest('upload.noFile');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    throw mapMultipartError(err, tooLargeKey);
  }
  // The parser truncates at maxBytes; the length check keeps the rule even if that changes.
  if (bytes.length > maxBytes) throw new AppError(413, tooLargeKey);
  if (bytes.length === 0) throw badRequest('upload.noFile');
  return bytes;
}

function mapMultipartError(err: unknown, tooLargeKey: MessageKey): unknown {
  const code = (err as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, tooLargeKey);
  // Malformed bodies and the parser's part/field limits are the client's fault, not ours.
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest('upload.noFile');
  if (err instanceof Error && /multipart|boundary|terminated early/i.test(err.message)) {
    return badRequest('upload.noFile');
  }
  return err;
}

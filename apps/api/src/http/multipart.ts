import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@autoradar/core';
import { detectImageType } from '@autoradar/server/media/image';
import { MEDIA_MESSAGES } from '@autoradar/server/media/media.messages';
import { HTTP_MESSAGES } from './http.messages';
import { HttpError } from './http-error';

// Multipart bodies for contract entries marked `multipart: true`: text fields become strings and each file a
// `File`, so the contract's zod schema (z.file()) checks them like any other body. A file's `type` is what its
// bytes show (one of the photo types, else application/octet-stream); the name and Content-Type a client sends
// are never believed.

declare module 'fastify' {
  interface FastifyInstance {
    /** The largest file a multipart route accepts (UPLOAD_MAX_BYTES). */
    uploadMaxBytes: number;
  }
}

const MAX_FILES = 5;
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;
/** Room for the multipart framing and text fields around the file when judging Content-Length. */
const FRAMING_ALLOWANCE = MAX_FIELDS * MAX_FIELD_BYTES;

export async function registerMultipart(app: FastifyInstance, opts: { maxFileBytes: number }): Promise<void> {
  app.decorate('uploadMaxBytes', opts.maxFileBytes);
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: opts.maxFileBytes,
      files: MAX_FILES,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: MAX_FILES + MAX_FIELDS,
    },
  });
}

const refuse = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

/**
 * The body of a multipart request as a plain object. A request that is not multipart is passed through as parsed
 * (the contract then names what is missing). A part without a file name is an unchosen file input and is left out.
 */
export async function readMultipartBody(request: FastifyRequest): Promise<unknown> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) return request.body;
  const maxBytes = request.server.uploadMaxBytes;
  // Refused before a byte is read when the declared size already tells.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FRAMING_ALLOWANCE) {
    throw refuse('file', MEDIA_MESSAGES.tooLarge(maxBytes));
  }
  const body: Record<string, unknown> = {};
  let field = 'file';
  try {
    for await (const part of request.parts()) {
      field = part.fieldname;
      if (part.type === 'field') {
        body[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const data = await part.toBuffer();
      if (data.length === 0) {
        if (part.filename) throw refuse(part.fieldname, MEDIA_MESSAGES.empty);
        continue;
      }
      body[part.fieldname] = new File([data], part.filename, {
        type: detectImageType(data) ?? 'application/octet-stream',
      });
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(field, MEDIA_MESSAGES.tooLarge(maxBytes));
    if (code === 'FST_FILES_LIMIT') throw refuse(field, HTTP_MESSAGES.tooManyFiles(MAX_FILES));
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new HttpError(422, HTTP_MESSAGES.tooManyFields);
    if (code === 'FST_PROTO_VIOLATION') throw new HttpError(422, MESSAGES.invalidValue);
    // A cut or malformed body (bad boundary, connection dropped mid-file) is the client's, never a 500.
    request.log.info({ err }, 'multipart body not readable');
    throw new HttpError(422, HTTP_MESSAGES.unreadableForm);
  }
  return body;
}

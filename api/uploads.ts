// Multipart uploads beside the presigned address (POST /api/upload/upload_file, /upload_gallery_file): the same
// checks as the presigned flow (accepted types by name and declared type, FANCLUB_MAX_UPLOAD_MB, an empty file
// refused), each file part streamed into a staging key (never whole in memory), then registered like a presigned
// upload (commands/content.ts registerUpload), so it lands in the same media pipeline and library. A request either
// registers every file it carries or none: on any refusal the files already staged are removed.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/shared/decider';
import { ValidationError } from '../domain/shared/validation';
import { firstTextProblem } from '../domain/shared/text';
import { mediaKindOf } from '../domain/media/media';
import type { MediaKind, UploadedFile } from '../domain/media/wire';
import { registerUpload, stagingKey } from '../commands/content';
import type { CommandContext } from '../commands/handle';
import { StreamLengthError, type AppStorage } from '../infra/storage/port';
import { mediaByIds } from '../projections/media';
import { MEDIA_URL_TTL_SECONDS } from './views';
import type { Services } from './services';

export const UPLOAD_MESSAGES = {
  uploaded: 'Media uploaded successfully',
  missing: 'Please Select Media',
  format: 'Media format is not supported.',
  failed: 'Error occured while uploading media',
  oneOnly: 'You can only select 1 content',
  tooLarge: (name: string) => `File ${name} size is too large.`,
  tooMany: (n: number, max: number) => `You have selected ${n} images, maximum ${max} images allowed.`,
} as const;

/** A stored file name keeps at most this many characters (the staging key's own limit). */
const NAME_MAX = 200;

/** The multipart plugin's limits for these routes: a file one byte over the upload limit is enough to refuse it. */
export const uploadLimits = (maxBytes: number) => ({ fileSize: maxBytes + 1, files: 1000, fields: 20, parts: 1020 });

interface StagedFile {
  stagingKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** The file name as sent, shortened to NAME_MAX characters keeping its extension. */
function storedName(name: string): string {
  if (name.length <= NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, NAME_MAX - ext.length) + ext;
}

/**
 * A file part's bytes, read only once the store reads them and failing past `maxBytes`. Reading lazily matters:
 * a part cut off (the body ended mid-file) fails as soon as the body ends, maybe before the store has set up its
 * pipeline, and its error must still reach that pipeline rather than leave it waiting.
 */
function partBytes(file: Readable, maxBytes: number): Readable {
  return Readable.from(
    (async function* () {
      let seen = 0;
      for await (const chunk of file as AsyncIterable<Buffer>) {
        seen += chunk.length;
        if (seen > maxBytes) throw new StreamLengthError('too_large', `The file is larger than ${maxBytes} bytes.`);
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

/**
 * The request's file parts, staged. At most `maxFiles` (more are counted, not stored, for the message); none is a
 * 400 'Please Select Media'. Refusals name the form field the file came in; a malformed body (no boundary, cut
 * off) is the sender's mistake, a 400 like any other, while a store that fails is the server's.
 */
async function stageFiles(request: FastifyRequest, reply: FastifyReply, storage: AppStorage, o: { maxBytes: number; maxFiles: number }): Promise<StagedFile[]> {
  if (!request.isMultipart()) throw new ValidationError('file', UPLOAD_MESSAGES.missing);
  const staged: StagedFile[] = [];
  let count = 0;
  let field = 'file';
  let name = '';
  let storeFailure: unknown = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      field = part.fieldname || 'file';
      name = part.filename ?? '';
      count++;
      if (count > o.maxFiles) {
        part.file.resume(); // counted for the message, not kept
        continue;
      }
      const problem = firstTextProblem({ [field]: name }, field);
      if (problem) throw new ValidationError(problem.field, problem.message);
      if (!name || !mediaKindOf(name, part.mimetype)) throw new DomainError(UPLOAD_MESSAGES.format, 'UNSUPPORTED_MEDIA', 400, { field });
      const key = stagingKey(randomUUID(), storedName(name));
      let partFailed = false;
      part.file.on('error', () => (partFailed = true));
      let size: number;
      try {
        size = await storage.putStream(key, partBytes(part.file, o.maxBytes));
      } catch (e) {
        if (!partFailed && !(e instanceof StreamLengthError)) storeFailure = e;
        throw e;
      }
      staged.push({ stagingKey: key, fileName: storedName(name), contentType: part.mimetype, size });
      if (part.file.truncated) throw new ValidationError(field, UPLOAD_MESSAGES.tooLarge(name));
      if (size === 0) throw new DomainError(UPLOAD_MESSAGES.failed, 'EMPTY_UPLOAD', 400, { field });
    }
    if (count === 0) throw new ValidationError('file', UPLOAD_MESSAGES.missing);
    if (count > o.maxFiles) throw new ValidationError(field, o.maxFiles === 1 ? UPLOAD_MESSAGES.oneOnly : UPLOAD_MESSAGES.tooMany(count, o.maxFiles));
    return staged;
  } catch (e) {
    await Promise.all(staged.map((f) => storage.remove(f.stagingKey).catch(() => undefined)));
    // The rest of the body is not wanted: do not keep reading it on this connection.
    reply.header('connection', 'close');
    if (e instanceof DomainError || e instanceof ValidationError || (storeFailure !== null && e === storeFailure)) throw e;
    const code = (e as { code?: string }).code;
    if ((e instanceof StreamLengthError && e.reason === 'too_large') || code === 'FST_REQ_FILE_TOO_LARGE') throw new ValidationError(field, UPLOAD_MESSAGES.tooLarge(name));
    // A malformed body: before any file part, no file came; within one, that file did not arrive whole.
    if (count === 0) throw new ValidationError('file', UPLOAD_MESSAGES.missing);
    throw new DomainError(UPLOAD_MESSAGES.failed, 'INCOMPLETE_UPLOAD', 400, { field });
  }
}

/**
 * The files of a multipart request, staged and registered as media of the caller's (photos rendered before the
 * answer, videos by the media worker), in the order sent.
 */
export async function receiveUploads(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: CommandContext,
  services: Services,
  o: { uploadedBy: string; maxFiles: number },
): Promise<RegisteredUpload[]> {
  const files = await stageFiles(request, reply, services.storage, { maxBytes: services.config.maxUploadBytes, maxFiles: o.maxFiles });
  const registered: RegisteredUpload[] = [];
  for (const f of files) {
    const { mediaId } = await registerUpload(ctx, services.storage, { ...f, uploadedBy: o.uploadedBy }, { renderer: services.renderer });
    registered.push({ mediaId, fileName: f.fileName, kind: mediaKindOf(f.fileName, f.contentType)!, size: f.size });
  }
  return registered;
}

interface RegisteredUpload {
  mediaId: string;
  fileName: string;
  kind: MediaKind;
  size: number;
}

/** What an upload answers for each file, from the media read model. */
export async function uploadedFiles(services: Services, uploads: RegisteredUpload[]): Promise<UploadedFile[]> {
  const rows = await mediaByIds(services.database.db, uploads.map((u) => u.mediaId));
  const signed = (key: string | null) => (key ? services.storage.signedGetUrl(key, MEDIA_URL_TTL_SECONDS) : null);
  return uploads.map(({ mediaId, fileName, kind, size }) => {
    const row = rows.get(mediaId);
    const ready = row?.status === 'ready';
    return {
      _id: mediaId,
      kind,
      file_name: fileName,
      Location: ready ? signed(row.original_key) : null,
      fileSize: size,
      blurLocation: ready && row.blur_key ? `/media/${row.blur_key}` : null,
      status: row?.status ?? 'processing',
    };
  });
}

// Guards for streamed uploads: a body may not exceed the upload limit, nor differ from its announced length.
import { Transform, type Readable } from 'node:stream';
import { StreamLengthError } from './port';

/**
 * Passes `body` through, failing with StreamLengthError as soon as it exceeds `maxBytes`, or at its end when it
 * differs from `expectedLength` (a truncated upload must not be stored as if complete).
 */
export function guardedLength(body: Readable, options: { maxBytes?: number; expectedLength?: number }): Readable {
  let seen = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (options.maxBytes !== undefined && seen > options.maxBytes) return done(new StreamLengthError('too_large', `The body is larger than ${options.maxBytes} bytes.`));
      done(null, chunk);
    },
    flush(done) {
      if (options.expectedLength !== undefined && seen !== options.expectedLength)
        return done(new StreamLengthError('length_mismatch', `Expected ${options.expectedLength} bytes, got ${seen}.`));
      done();
    },
  });
  body.on('error', (e) => guard.destroy(e));
  return body.pipe(guard);
}

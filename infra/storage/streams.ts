// Guards for streamed uploads: a body may not exceed the upload limit, nor differ from its announced length.
import { Transform, finished, type Readable } from 'node:stream';
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
  // A body that stops without ending (the sender dropped the connection, perhaps before this was called, when no
  // 'error' is left to hear) must fail the guard too, or whatever reads it waits for ever.
  finished(body, (e) => {
    if (e) guard.destroy(e instanceof StreamLengthError ? e : new StreamLengthError('cut_off', `The body was cut off after ${seen} bytes.`));
  });
  // The guard may fail before its reader has set up (a store awaits its folder first): the failure then waits in
  // guard.errored for the reader's pipeline instead of escaping as an error nobody heard.
  guard.on('error', () => undefined);
  return body.pipe(guard);
}

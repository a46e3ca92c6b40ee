import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * Texts below this are compressed in the request's own turn: for an answer of a few kilobytes
 * zlib's asynchronous round trip through the thread pool cost several times the compression
 * itself (docs/decisions/0067-reused-answers-and-pages.md). A larger one goes to the thread pool.
 */
const GZIP_IN_TURN_BELOW = 64 * 1024;

export interface AnswerBody {
  /** The JSON text's length in characters. */
  readonly length: number;
  /** The JSON text (made again from the answer when a kept body dropped it for its gzip). */
  readonly json: string;
  gzip(): Promise<Buffer>;
  /** Express's weak ETag of the JSON text, as res.send would make it. */
  etag(): string;
  /** Express's weak ETag of the gzip. */
  gzipEtag(): Promise<string>;
}

/** Express's weak ETag (its `etag` setting's default): the length in hex and the start of the SHA-1 of the bytes. */
const weakEtag = (bytes: Buffer) =>
  `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').substring(0, 27)}"`;

/** zlib answers a view of its 16 KB output chunk; a kept gzip of 2 KB must not hold the whole chunk. */
const exact = (b: Buffer) => (b.buffer.byteLength > b.length ? Buffer.from(b) : b);

class KeptBody implements AnswerBody {
  readonly length: number;
  /** The JSON text, kept until the gzip is made: after that nearly every client asks for the gzip, a fifth of its size. */
  private text?: string;
  private gzipped?: Promise<Buffer>;
  private jsonTag?: string;
  private gzipTag?: Promise<string>;
  constructor(
    private readonly value: object,
    text: string,
  ) {
    this.text = text;
    this.length = text.length;
  }
  get json(): string {
    return this.text ?? JSON.stringify(this.value);
  }
  gzip(): Promise<Buffer> {
    if (!this.gzipped) {
      const text = this.json;
      this.gzipped =
        text.length < GZIP_IN_TURN_BELOW ? Promise.resolve(exact(gzipSync(text))) : gzipAsync(text).then(exact);
      // Only a frozen answer's body is kept, so its text can be made again from it.
      if (Object.isFrozen(this.value)) void this.gzipped.then(() => (this.text = undefined));
    }
    return this.gzipped;
  }
  etag(): string {
    return (this.jsonTag ??= weakEtag(Buffer.from(this.json)));
  }
  gzipEtag(): Promise<string> {
    return (this.gzipTag ??= this.gzip().then(weakEtag));
  }
}

/**
 * The JSON text, gzip and ETags of answers, kept as long as the answer object itself lives. The read
 * model hands out the same frozen object until its data changes, so a repeated question skips
 * serialising, compressing and hashing, which under load cost more than finding the answer. Only
 * frozen answers are kept: an object that can still change is serialised each time.
 */
export class AnswerBodies {
  private kept = new WeakMap<object, KeptBody>();

  /** Forgets every kept body (bench:memory measures what they held). */
  clear(): void {
    this.kept = new WeakMap();
  }

  of(value: object): AnswerBody {
    if (!Object.isFrozen(value)) return new KeptBody(value, JSON.stringify(value));
    let body = this.kept.get(value);
    if (!body) this.kept.set(value, (body = new KeptBody(value, JSON.stringify(value))));
    return body;
  }
}

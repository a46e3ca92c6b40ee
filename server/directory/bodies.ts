import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

export interface AnswerBody {
  readonly json: string;
  gzip(): Promise<Buffer>;
  /** Express's weak ETag of the JSON text, as res.send would make it. */
  etag(): string;
  /** Express's weak ETag of the gzip. */
  gzipEtag(): Promise<string>;
}

/** Express's weak ETag (its `etag` setting's default): the length in hex and the start of the SHA-1 of the bytes. */
const weakEtag = (bytes: Buffer) => `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').substring(0, 27)}"`;

class KeptBody implements AnswerBody {
  private gzipped?: Promise<Buffer>;
  private jsonTag?: string;
  private gzipTag?: Promise<string>;
  constructor(readonly json: string) {}
  gzip(): Promise<Buffer> {
    return (this.gzipped ??= gzipAsync(this.json));
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
  private readonly kept = new WeakMap<object, KeptBody>();

  of(value: object): AnswerBody {
    if (!Object.isFrozen(value)) return new KeptBody(JSON.stringify(value));
    let body = this.kept.get(value);
    if (!body) this.kept.set(value, (body = new KeptBody(JSON.stringify(value))));
    return body;
  }
}

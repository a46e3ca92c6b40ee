import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

export interface AnswerBody {
  readonly json: string;
  gzip(): Promise<Buffer>;
}

class KeptBody implements AnswerBody {
  private gzipped?: Promise<Buffer>;
  constructor(readonly json: string) {}
  gzip(): Promise<Buffer> {
    return (this.gzipped ??= gzipAsync(this.json));
  }
}

/**
 * The JSON text and gzip of answers, kept as long as the answer object itself lives. The read
 * model hands out the same frozen object until its data changes, so a repeated question skips
 * serialising and compressing, which under load cost more than finding the answer. Only frozen
 * answers are kept: an object that can still change is serialised each time.
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

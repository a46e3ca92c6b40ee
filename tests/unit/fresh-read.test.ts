import { describe, expect, it } from 'vitest';
import { freshRead } from '../../server/directory/fresh-read';
import { waitUntil } from '../support/wait';

/** A read whose answers the test releases by hand, recording the value current when each started. */
function controlledRead() {
  let value = 0;
  const started: { sawValue: number; finish: () => void; fail: (e: Error) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const sawValue = value;
      started.push({ sawValue, finish: () => resolve(sawValue), fail: reject });
    });
  return { read, started, write: () => value++ };
}

/** The next read starts once the one before it has settled. */
const nextReadStarted = (c: ReturnType<typeof controlledRead>, n: number) =>
  waitUntil(`read ${n} to start`, () => c.started.length >= n);

describe('freshRead', () => {
  it('shares one read among callers that queue while another is in flight', async () => {
    const c = controlledRead();
    const get = freshRead(c.read);
    const first = get();
    const queued = [get(), get(), get()];
    expect(c.started).toHaveLength(1);
    c.started[0]!.finish();
    await first;
    await nextReadStarted(c, 2);
    expect(c.started).toHaveLength(2);
    c.started[1]!.finish();
    expect(await Promise.all(queued)).toEqual([0, 0, 0]);
  });

  it('never answers a caller with a read that started before it asked', async () => {
    const c = controlledRead();
    const get = freshRead(c.read);
    const before = get();
    c.write(); // committed after the first read started, before the second caller asks
    const after = get();
    c.started[0]!.finish();
    expect(await before).toBe(0);
    await nextReadStarted(c, 2);
    c.started[1]!.finish();
    expect(await after).toBe(1);
  });

  it('passes a failure to its callers and reads again afterwards', async () => {
    const c = controlledRead();
    const get = freshRead(c.read);
    const failing = get();
    const queued = get();
    c.started[0]!.fail(new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    await nextReadStarted(c, 2);
    c.started[1]!.finish();
    expect(await queued).toBe(0);
    const later = get();
    expect(c.started).toHaveLength(3);
    c.started[2]!.finish();
    expect(await later).toBe(0);
  });
});

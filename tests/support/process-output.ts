import type { ChildProcess } from 'node:child_process';

/**
 * Waits for a line a child process writes (its log saying it listens, that a request was
 * answered, that shutdown began): resolves with the first match of `pattern` in everything it
 * has written so far, as soon as the output holding it arrives. Fails if the process closes its
 * output first, or after `timeoutMs`, with the output in the message. A readiness signal, never a sleep.
 *
 * `output` is the caller's own record of the process's stdout and stderr, kept by 'data'
 * listeners added before this is called (so it already holds each chunk this sees).
 */
export function waitForOutput(
  child: ChildProcess,
  output: () => string,
  pattern: RegExp | string,
  timeoutMs = 60_000,
): Promise<RegExpExecArray> {
  const regex = typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern;
  return new Promise((resolve, reject) => {
    const streams = [child.stdout, child.stderr].filter((s) => s !== null);
    const done = (settle: () => void) => {
      clearTimeout(timer);
      for (const s of streams) s.off('data', check);
      child.off('close', closed);
      settle();
    };
    const check = () => {
      const m = regex.exec(output());
      if (m) done(() => resolve(m));
      return m;
    };
    const closed = () => {
      if (!check())
        done(() =>
          reject(new Error(`the process ended (exit ${child.exitCode}) before writing ${regex}:\n${output()}`)),
        );
    };
    const timer = setTimeout(
      () => done(() => reject(new Error(`no ${regex} from the process within ${timeoutMs} ms:\n${output()}`))),
      timeoutMs,
    );
    for (const s of streams) s.on('data', check);
    child.on('close', closed);
    // Already written, or the process already gone.
    if (!check() && (child.exitCode !== null || child.signalCode !== null) && streams.every((s) => s.readableEnded))
      closed();
  });
}

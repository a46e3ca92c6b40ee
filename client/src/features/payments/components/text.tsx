import type { ReactNode } from 'react';

const HOURS = '24-48 hours';

/** Keeps '24-48 hours' on one line (a narrow screen would otherwise break it after '24-'). */
export function withHours(text: string): ReactNode {
  const at = text.indexOf(HOURS);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span className="whitespace-nowrap">{HOURS}</span>
      {text.slice(at + HOURS.length)}
    </>
  );
}

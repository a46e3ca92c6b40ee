import { Info } from 'lucide-react';
import type { UnrecognizedFilter } from '../api';

const ALL_OF: Record<UnrecognizedFilter['name'], string> = {
  service: 'every service is shown',
  location: 'every location is shown',
};
const NAME: Record<UnrecognizedFilter['name'], string> = { service: 'Service', location: 'Location' };
/** An address can carry anything; the note quotes it, cut short. */
const quoted = (value: string) => `“${value.length > 60 ? `${value.slice(0, 60)}…` : value}”`;

/**
 * A filter value the directory does not know (an old link, a renamed service) is left out and
 * said so, instead of an error whose Retry could never succeed
 * (docs/decisions/0025-unknown-filter-values.md).
 */
export function UnrecognizedNote({ filters }: { filters: UnrecognizedFilter[] }) {
  if (filters.length === 0) return null;
  return (
    <div role="note" className="mb-4 flex items-start gap-2 rounded-lg border bg-muted px-4 py-3 text-sm">
      <Info className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <ul className="grid gap-1">
        {filters.map((f, i) => (
          <li
            key={i}
          >{`${NAME[f.name]} ${quoted(f.value)} was not recognized, so ${f.othersKept ? 'it is left out' : ALL_OF[f.name]}.`}</li>
        ))}
      </ul>
    </div>
  );
}

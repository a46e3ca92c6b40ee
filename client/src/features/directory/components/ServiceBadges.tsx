import { Badge } from '@/components/ui/badge';

/** The first few services, then '+N more'. */
export function ServiceBadges({ services, max = 3 }: { services: string[]; max?: number }) {
  const rest = services.length - max;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Services">
      {services.slice(0, max).map((s) => (
        <li key={s}>
          <Badge variant="secondary">{s}</Badge>
        </li>
      ))}
      {rest > 0 && (
        <li>
          <Badge variant="outline">{`+${rest} more`}</Badge>
        </li>
      )}
    </ul>
  );
}

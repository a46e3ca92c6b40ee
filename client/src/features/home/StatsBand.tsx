import { useQuery } from '@tanstack/react-query';
import type { SiteFigures } from '@shared/schemas/region';
import { siteFiguresKey } from './site-figures-key';

interface Stat {
  value: string;
  label: string;
}

/**
 * The county's own figures, each only once the server finds it worth saying
 * (docs/decisions/0133-launch-figures-and-honest-home.md): its listed contractors, the share with a
 * verified registration, and the jobs won through the site. Free quotes are always true. While the
 * figures load, or if they could not be read, the band says only that.
 */
export function statsOf(figures: SiteFigures | undefined): Stat[] {
  const stats: Stat[] = [];
  if (figures?.listed)
    stats.push({
      value: String(figures.listed),
      label: figures.listed === 1 ? 'Contractor Listed' : 'Contractors Listed',
    });
  if (figures?.verifiedPercent)
    stats.push({ value: `${figures.verifiedPercent}%`, label: 'With Verified Registration' });
  if (figures?.jobsWon)
    stats.push({
      value: String(figures.jobsWon),
      label: figures.jobsWon === 1 ? 'Job Won Through This Site' : 'Jobs Won Through This Site',
    });
  stats.push({ value: 'Free', label: 'Quotes Available' });
  return stats;
}

export function StatsBand() {
  const { data } = useQuery<SiteFigures>({ queryKey: siteFiguresKey });
  return (
    <section aria-label="At a glance" className="border-b bg-secondary">
      <dl className="container mx-auto flex flex-wrap justify-center gap-6 px-4 py-8 text-center">
        {statsOf(data).map((s) => (
          <div key={s.label} className="flex w-[calc(50%-0.75rem)] flex-col-reverse justify-end md:w-52">
            <dt className="text-sm text-secondary-foreground">{s.label}</dt>
            <dd className="text-3xl font-bold text-primary">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

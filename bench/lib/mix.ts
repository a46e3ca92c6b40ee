import { region } from '../../shared/region';
import { rng } from './scale-seed';

/** The realistic visitor mix of the load scripts: mostly reading, some quote requests. */
export function visitorMix(opts: { contractorIds: number[]; blogSlugs: string[]; seed?: number }) {
  const rand = rng(opts.seed ?? 3);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  let quotes = 0;
  return () => {
    const r = rand();
    if (r < 0.25) return { method: 'GET' as const, path: '/' };
    if (r < 0.5)
      return {
        method: 'GET' as const,
        path: `/search?service=${pick(region.homeSearchServices).value}&location=${pick(region.towns).slug}`,
      };
    if (r < 0.75) return { method: 'GET' as const, path: `/contractor/${pick(opts.contractorIds)}` };
    if (r < 0.9) return { method: 'GET' as const, path: `/blog/${pick(opts.blogSlugs)}` };
    quotes++;
    const email = `load.${Date.now()}.${quotes}@example.com`;
    return {
      method: 'POST' as const,
      path: '/api/leads',
      tag: email,
      body: {
        name: 'Load Tester',
        email,
        phone: '(570) 555-0150',
        serviceNeeded: pick(region.quoteServices).label,
        location: `${pick(region.towns).name}, PA`,
        projectDetails: 'Measuring the site under load: a realistic quote request body.',
        contractorId: pick(opts.contractorIds),
      },
    };
  };
}

import type { ApiKey } from '@/lib/api';

/**
 * The county's own figures for the home page's stats band
 * (docs/decisions/0133-launch-figures-and-honest-home.md): declared by the route (answered during
 * server rendering) and read by the band, in a file of its own so the route table loads nothing else.
 */
export const siteFiguresKey: ApiKey = ['/api/region/figures'];

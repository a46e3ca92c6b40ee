/**
 * The selectors' value for 'every town' or 'every service'. A module of its own so the browser
 * takes it without shared/region.ts's county data (docs/decisions/0102-region-in-boot-data.md).
 */
export const ALL = 'all';

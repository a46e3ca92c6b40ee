// The stats view as the portal and the admin area use it (docs/decisions/0061-contractor-stats.md).
export { StatsView } from './StatsView';

// The stats view as the portal and the admin area use it (docs/decisions.md §11).
export { StatsView } from './StatsView';

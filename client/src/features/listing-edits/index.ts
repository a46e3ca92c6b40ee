// Listing edits (docs/decisions/0111-listing-edits.md) as the portal and the admin area show them.
export { ListingValuesTable } from './ListingValuesTable';

// The directory feature as other features may use it.
export { useContractor } from './contractor-api';
export { FEATURED_COUNT, featuredKey } from './featured';
export { ContractorNotFound } from './components/ContractorNotFound';
export { ContractorList, ContractorPlaceholders } from './components/ContractorResults';
export { LocationSelect, ServiceTypeSelect } from './components/Selectors';
export { SearchCriteriaForm, searchHref } from './search-criteria';
export { ServicePageLinks } from './components/ServicePageLinks';
export { RatingLine } from './components/StarRating';
export { isRated, NO_REVIEWS } from './rating';

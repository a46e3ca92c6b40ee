// The directory feature as other features may use it.
export { FEATURED_COUNT, featuredKey } from './api';
export { ContractorList, ContractorPlaceholders } from './components/ContractorResults';
export { LocationSelect, ServiceTypeSelect } from './components/Selectors';
export { RatingLine } from './components/StarRating';

// The not-found feature as other features may use it: pages that answer 404 show the site's own 404 page.
export { default as NotFoundPage } from './NotFoundPage';

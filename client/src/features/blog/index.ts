/** What other features use of the blog: the body of server-rendered markdown (docs/decisions/0114-homeowner-privacy.md: the legal pages). */
export { ArticleBody } from './components/ArticleBody';

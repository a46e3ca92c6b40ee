import { blogListQuery, blogSlugParams } from '@shared/schemas/blog';
import { defineQuery, type QueryRoute } from '../../http/query-routes';
import { listPublishedPosts, viewPost } from '../blog';

/** The blog's GETs. Reading one post counts a view, also when the server renders the page. */
export const blogQueries: QueryRoute[] = [
  defineQuery('/api/blog', blogListQuery, (_input, ctx, freshness, county) =>
    listPublishedPosts(ctx, county, freshness),
  ),
  defineQuery('/api/blog/:slug', blogSlugParams, ({ slug }, ctx, freshness, county) =>
    viewPost(ctx, county, slug, freshness),
  ),
];

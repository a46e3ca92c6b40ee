import { contractorIdSchema, directoryQuerySchemaFor } from '@shared/schemas/directory';
import { servicePageParams } from '@shared/schemas/service-pages';
import { galleryQuerySchemaFor } from '@shared/schemas/gallery';
import { z } from 'zod';
import { defineQuery, type QueryRoute } from '../../http/query-routes';

/** Search, browse, featured, profiles and the service pages, answered by the read model (server/directory). */
export const directoryQueries: QueryRoute[] = [
  defineQuery('/api/contractors', directoryQuerySchemaFor, (q, ctx, freshness, county) =>
    ctx.directory.contractors(county, q, freshness),
  ),
  // The search page's endpoint: the same filters (it also accepts serviceType).
  defineQuery('/api/contractors/search', directoryQuerySchemaFor, (q, ctx, freshness, county) =>
    ctx.directory.contractors(county, q, freshness),
  ),
  defineQuery('/api/contractors/:id', contractorIdSchema, ({ id }, ctx, freshness, county) =>
    ctx.directory.profile(county, id, freshness),
  ),
  // What has a service page, and the pages themselves (docs/decisions/0030-service-pages.md).
  defineQuery('/api/service-pages', z.object({}), (_input, ctx, freshness, county) =>
    ctx.directory.coverage(county, freshness),
  ),
  defineQuery('/api/service-pages/:service', servicePageParams, (p, ctx, freshness, county) =>
    ctx.directory.servicePage(county, p, freshness),
  ),
  defineQuery('/api/service-pages/:service/:town', servicePageParams, (p, ctx, freshness, county) =>
    ctx.directory.servicePage(county, p, freshness),
  ),
  // The county's project gallery (docs/decisions/0112-photos-on-the-public-site.md).
  defineQuery('/api/gallery', galleryQuerySchemaFor, (q, ctx, freshness, county) =>
    ctx.directory.gallery(county, q, freshness),
  ),
];

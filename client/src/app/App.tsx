import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Route, Router, Switch, useSearch } from 'wouter';
import type { PostedForm } from '@shared/forms';
import type { Region } from '@shared/region';
import { Toaster } from '@/components/ui/toaster';
import { SiteConfigContext, type SiteConfig } from '@/lib/site-config';
import { PostedFormProvider } from '@/lib/posted-form';
import { RegionContext } from '@/lib/region';
import { AdminLayout, notFoundPage, PortalLayout, routes, type PageRoute } from './routes';
import { ServerRenderContext, type ServerRenderState } from '@/lib/server-context';
import { PublicLayout } from './shell/PublicLayout';
import { PageFallback } from '@/components/page-fallback';

function RoutePage({ route, params }: { route: PageRoute; params: Record<string, string | undefined> }) {
  const search = useSearch();
  const Page = route.page;
  const page = <Page params={params} search={new URLSearchParams(search)} />;
  if (route.layout === 'public') return <PublicLayout>{page}</PublicLayout>;
  if (route.layout === 'admin') return <AdminLayout>{page}</AdminLayout>;
  if (route.layout === 'portal') return <PortalLayout>{page}</PortalLayout>;
  return page;
}

function Routes() {
  const NotFound = notFoundPage;
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        {routes.map((route) => (
          <Route key={route.path} path={route.path}>
            {(params) => <RoutePage route={route} params={params} />}
          </Route>
        ))}
        <Route>
          <PublicLayout>
            <NotFound params={{}} search={new URLSearchParams()} />
          </PublicLayout>
        </Route>
      </Switch>
    </Suspense>
  );
}

/** Marks the root once React has taken over the server HTML (browser tests wait for it). */
function HydrationMarker() {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', '');
  }, []);
  return null;
}

export interface AppProps {
  queryClient: QueryClient;
  config: SiteConfig;
  /** The county whose site this is: from the request on the server, from the boot data in the browser (docs/decisions/0102-region-in-boot-data.md). */
  region: Region;
  /** Only when rendering on the server. */
  ssr?: { path: string; search: string; state: ServerRenderState };
  /** A form sent without JavaScript that the server refused, for the page it was sent to (server render and hydration). */
  postedForm?: PostedForm | null;
}

export function App({ queryClient, config, region, ssr, postedForm }: AppProps) {
  return (
    <SiteConfigContext.Provider value={config}>
      <RegionContext.Provider value={region}>
        <ServerRenderContext.Provider value={ssr?.state ?? null}>
          <QueryClientProvider client={queryClient}>
            <Router ssrPath={ssr?.path} ssrSearch={ssr?.search}>
              <PostedFormProvider initial={postedForm ?? null}>
                <Routes />
              </PostedFormProvider>
            </Router>
            <Toaster />
            <HydrationMarker />
          </QueryClientProvider>
        </ServerRenderContext.Provider>
      </RegionContext.Provider>
    </SiteConfigContext.Provider>
  );
}

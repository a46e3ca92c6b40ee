import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { defaultSiteConfig } from './app/config';
import { findRoute, notFoundPage } from './app/routes';
import { BOOT_ELEMENT_ID, type BootData } from './boot';
import { createQueryClient } from './lib/query-client';
import './styles.css';

async function start() {
  const bootEl = document.getElementById(BOOT_ELEMENT_ID);
  const boot: BootData = bootEl?.textContent ? (JSON.parse(bootEl.textContent) as BootData) : { config: defaultSiteConfig, queries: null };
  const queryClient = createQueryClient();
  if (boot.queries) hydrate(queryClient, boot.queries);

  // The page's code must be present before hydrating, or React would replace the server HTML.
  const { route } = findRoute(window.location.pathname);
  await (route?.page ?? notFoundPage).load();

  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App queryClient={queryClient} config={boot.config} postedForm={boot.postedForm} />
    </StrictMode>
  );
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();

import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { findRoute, notFoundPage } from './app/routes';
import { BOOT_ELEMENT_ID, parseBoot } from './boot';
import { createQueryClient } from './lib/query-client';
import './styles.css';

async function start() {
  // The county and the settings come with the page (docs/decisions/0102-region-in-boot-data.md): every page the server sends has them.
  const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) throw new Error('The page came without its boot data');
  const boot = parseBoot(text);
  const queryClient = createQueryClient();
  if (boot.queries) hydrate(queryClient, boot.queries);

  // The page's code must be present before hydrating, or React would replace the server HTML.
  const { route } = findRoute(window.location.pathname);
  await (route?.page ?? notFoundPage).load();

  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App queryClient={queryClient} config={boot.config} region={boot.region} postedForm={boot.postedForm} />
    </StrictMode>
  );
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();

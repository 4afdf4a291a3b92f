// Browser entry: hydrates the prerendered page (or renders from scratch in dev), with styles written
// to a constructed style sheet so the strict Content-Security-Policy needs no 'unsafe-inline'.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { StyleSheetManager } from 'styled-components';
import { resolveLazyRoutes, routes } from './App.tsx';
import { AppRoutes } from './site/shell/AppRoutes.tsx';
import { registerServiceWorker } from './site/offline/registerServiceWorker.ts';
import { finishStagedHydration, nextTask, startStagedHydration } from './site/shell/HydrateLater.tsx';
import { createConstructedStyleSheet } from './site/styles/constructedSheet.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Root element not found');

// The page's own chunk first, so hydration renders the same tree as the prerender did.
await resolveLazyRoutes(routes, window.location.pathname);
const app = (
  <StrictMode>
    <StyleSheetManager sheet={createConstructedStyleSheet()}>
      <BrowserRouter>
        <AppRoutes table={routes} />
      </BrowserRouter>
    </StyleSheetManager>
  </StrictMode>
);

// Prerendered pages arrive with markup to hydrate; the dev server's page holds only a placeholder comment.
// Hydration comes in steps, none of them a long task (site/shell/HydrateLater.tsx): the router's setup
// above, the page without its <HydrateLater> parts, then each of those in a task of its own.
if (container.firstElementChild) {
  await nextTask();
  startStagedHydration();
  hydrateRoot(container, app);
  await finishStagedHydration();
} else createRoot(container).render(app);
// Preact attaches the page's handlers while it hydrates; this marks the moment (every part hydrated)
// for tests and tools.
document.documentElement.dataset.hydrated = '';

if (import.meta.env.PROD) registerServiceWorker();

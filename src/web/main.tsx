import './jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { builtInLayouts } from '../../workspace-layouts';
import { createWorkbenchApp } from '@core/client/app/App';

/** The browser's composition root: core host + the registered plugins + the built-in layouts. */
const App = createWorkbenchApp({
  loadPlugins: () => import('../../plugins/index.client').then((m) => m.clientPlugins),
  layouts: builtInLayouts,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

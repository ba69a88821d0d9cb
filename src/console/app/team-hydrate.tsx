import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { teamPageDataSchema } from '../../contract/team-page.ts';
import { environmentStore } from '../lib/environments.ts';
import { setRenderSettings } from '../lib/render-settings.ts';
import { adoptRenderedConfig, loadServerConfig } from '../lib/server-config.ts';
import { readMe } from '../lib/team-me.ts';
import { isLeftForTheClient } from './hydration.ts';
import { preloadServerRenderedPage } from './router.tsx';
import { seedTeamPage } from './team-page-seed.ts';
import { parseJson } from '../../contract/json-text.ts';

/** Renders nothing; once the hydrated page has committed, "… ago" texts count from the real clock again. */
function HydrationDone() {
  useEffect(() => setRenderSettings({}), []);
  return null;
}

/**
 * The console server sent this page rendered (src/console/team-render.tsx) with
 * its data in a JSON block. The browser takes the same config and data, loads the page's code, and
 * hydrates: the first render is the server's, and the page's queries find their answers in the cache.
 * A block that does not parse (it never should) drops the HTML and starts as a page without it would.
 */
export async function hydrateTeamPage(root: HTMLElement, app: ReactNode, queryClient: QueryClient, dataText: string): Promise<void> {
  const data = teamPageDataSchema.safeParse(parseJson(dataText));
  if (!data.success) {
    void loadServerConfig();
    root.replaceChildren();
    createRoot(root).render(app);
    return;
  }
  adoptRenderedConfig({ mode: 'team', auth: data.data.auth, me: readMe(data.data.me) });
  seedTeamPage(queryClient, environmentStore.getServerSnapshot().environments, data.data.seeds);
  await preloadServerRenderedPage(window.location.pathname);
  setRenderSettings({ renderedAt: data.data.renderedAt });
  const hydrated = (
    <>
      {app}
      <HydrationDone />
    </>
  );
  hydrateRoot(root, hydrated, {
    onRecoverableError: (error) => {
      if (!isLeftForTheClient(error)) reportError(error);
    },
  });
}

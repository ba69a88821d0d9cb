import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Environment } from '../../lib/environments.ts';
import { environmentStore } from '../../lib/environments.ts';
import { useEnvironments } from '../../lib/use-environment.ts';

/**
 * Team mode (issue 28): a search's link names its environment (?env=). The team's environments are
 * the same for everyone, but the one a person works in is their browser's, so a link without it would
 * search wherever the reader happens to be. Arriving by a link switches to its environment (once: a
 * later switch in the header is not undone) and the page searches there from the first request;
 * afterwards a search keeps the link's env= the one in use. Personal mode: the active environment,
 * and the URL is left alone.
 */
export function useLinkEnvironment(team: boolean): Environment {
  const [params, setParams] = useSearchParams();
  const { environments, active } = useEnvironments();
  const [linked, setLinked] = useState(() => params.get('env'));
  const arriving = team && linked !== null ? environments.find((e) => e.id === linked) : undefined;
  // Arrived (or the link names no environment of this person's): from here on the URL follows the page.
  if (linked !== null && (arriving === undefined || arriving.id === active.id)) setLinked(null);
  const filtered = (params.get('q') ?? '').trim() !== '' || params.get('status') !== null;
  const inUrl = params.get('env');

  useEffect(() => {
    if (!team) return;
    if (arriving !== undefined) {
      environmentStore.activate(arriving.id);
      return;
    }
    const env = filtered ? active.id : null;
    if (inUrl === env) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (env === null) next.delete('env');
        else next.set('env', env);
        return next;
      },
      { replace: true },
    );
  }, [team, arriving, active.id, filtered, inUrl, setParams]);

  return arriving ?? active;
}

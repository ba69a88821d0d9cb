import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Environment } from '../../lib/environments.ts';
import { environmentStore } from '../../lib/environments.ts';
import { useEnvironments } from '../../lib/use-environment.ts';
import { withLinkEnvironment } from './use-list-params.ts';

/**
 * Team mode: a search's link names its environment (?env=). The team's environments are
 * the same for everyone, but the one a person works in is their browser's, so a link without it would
 * search wherever the reader happens to be. Arriving by a link switches to its environment (once: a
 * later switch in the header is not undone) and the page searches there from the first request.
 * A search writes env= with its filter (useListParams); a switch in the header rewrites it here.
 * Personal mode: the active environment, and the URL is left alone.
 */
export function useLinkEnvironment(team: boolean): Environment {
  const [params, setParams] = useSearchParams();
  const { environments, active } = useEnvironments();
  const [linked, setLinked] = useState(() => params.get('env'));
  const arriving = team && linked !== null ? environments.find((e) => e.id === linked) : undefined;
  // Arrived (or the link names no environment of this person's): from here on the URL follows the page.
  if (linked !== null && (arriving === undefined || arriving.id === active.id)) setLinked(null);

  // Not on every change of the URL: a search's own navigation writes env= itself, and an effect
  // navigating after Enter had opened an order would bring the list back over it.
  const followActive = useEffectEvent((environmentId: string) => {
    const next = withLinkEnvironment(params, environmentId);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  });
  useEffect(() => {
    if (!team) return;
    if (arriving !== undefined) environmentStore.activate(arriving.id);
    else followActive(active.id);
  }, [team, arriving, active.id]);

  return arriving ?? active;
}

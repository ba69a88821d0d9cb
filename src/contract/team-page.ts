import { z } from 'zod';

// Team mode (D16): /orders and /orders/{id} come from the console server rendered for the
// signed-in person, with the answers the page's first queries would have fetched. The server writes
// this into the page (a JSON data block, never executed); the browser seeds its query cache from it
// and hydrates. The bodies are the ones the browser would have got from the same routes (the
// token already added and scrubbed on the server): the same parsers read them on both sides.

const answered = { environment: z.string(), receivedAt: z.number().int().nonnegative(), body: z.unknown() };

export const teamPageSeedSchema = z.discriminatedUnion('kind', [
  // GET /api/orders/search?q=&env= (the team order index, first page).
  z.object({ kind: z.literal('index'), q: z.string(), ...answered }),
  // GET /env/{environment}/psp/v2/order/{id}/
  z.object({ kind: z.literal('order'), orderId: z.string(), ...answered }),
]);

export const teamPageDataSchema = z.object({
  auth: z.enum(['local', 'oidc']),
  /** GET /api/me's answer for the signed-in person. */
  me: z.unknown(),
  /** When the page was rendered (ms): "… ago" texts count from it while the page hydrates. */
  renderedAt: z.number().int().nonnegative(),
  /** Empty when the service was slow or refused: the page then fetches as it always did. */
  seeds: z.array(teamPageSeedSchema),
});

export type TeamPageSeed = z.infer<typeof teamPageSeedSchema>;
export type TeamPageData = z.infer<typeof teamPageDataSchema>;

/** What the console's server entry (src/console/team-render.tsx, built for Node) exports. */
export type RenderTeamPage = (input: {
  location: string;
  data: TeamPageData;
  /** The browser's locale and time zone (its console-intl cookie): dates render as it will render them. */
  intl: { locale: string; timeZone: string };
}) => Promise<string>;

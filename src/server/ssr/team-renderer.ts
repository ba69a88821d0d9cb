import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { RenderTeamPage } from '../../contract/team-page.ts';

// The console's own components render team pages on the server. They are the browser
// app's code (src/console/team-render.tsx, which server/ may not import): `npm run build` also builds
// it for Node into dist-ssr/, and the server loads that file on the first page it serves. Until the
// file is there (a server started before the build finished, or `npm run serve` without a build),
// pages go out as they always did and the browser fetches their data.

export type TeamRendererSource = () => Promise<RenderTeamPage | null>;

/** Loads the module once it exists; the same promise afterwards. A module without the export is a build error: logged once, pages go out unrendered. */
export function teamRendererFrom(modulePath: string, log: (line: string) => void): TeamRendererSource {
  let loaded: Promise<RenderTeamPage | null> | null = null;
  return () => {
    if (loaded !== null) return loaded;
    if (!existsSync(modulePath)) return Promise.resolve(null);
    // React reads NODE_ENV when first loaded: unset, a server would render with its development build (several times slower).
    process.env['NODE_ENV'] ??= 'production';
    loaded = import(pathToFileURL(modulePath).href).then(
      (module: unknown) => {
        const render: unknown = typeof module === 'object' && module !== null && 'renderTeamPage' in module ? module.renderTeamPage : undefined;
        if (typeof render !== 'function') {
          log(`ERROR ${modulePath} has no renderTeamPage: team pages go out without their data`);
          return null;
        }
        return async (input) => {
          const html: unknown = await Reflect.apply(render, undefined, [input]);
          if (typeof html !== 'string') throw new Error('renderTeamPage answered something other than HTML');
          return html;
        };
      },
      (error: unknown) => {
        log(`ERROR loading ${modulePath}: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      },
    );
    return loaded;
  };
}

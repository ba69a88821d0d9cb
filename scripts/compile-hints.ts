import type { Plugin } from 'vite';

// A first screen's chunks run nearly all their functions while the page starts. V8 compiles
// a function lazily, on the main thread, the first time it is called; the explicit compile hint below
// (a magic comment on a script's first line, read by Chromium 136 and later; other engines see a
// comment) has Chromium compile every function of the script eagerly instead, on a background thread
// while the script streams in. It costs memory for the functions a page never calls, so it goes only
// on chunks whose code the first screen mostly runs.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** A source map's JSON with its generated lines starting one later (";" in `mappings` is an empty line). */
export function shiftMapByOneLine(json: string): string {
  const map: unknown = JSON.parse(json);
  if (typeof map !== 'object' || map === null || !('mappings' in map) || typeof map.mappings !== 'string') throw new Error('not a source map');
  return JSON.stringify({ ...map, mappings: `;${map.mappings}` });
}

/** Puts the compile hint on the first line of the named chunks, their source maps shifted to match. */
export function compileHints(chunkNames: readonly string[]): Plugin {
  const names = new Set(chunkNames);
  return {
    name: 'order-console:compile-hints',
    apply: 'build',
    // After Vite's own first line of a chunk (its preload helper's list of dependencies).
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !names.has(output.name)) continue;
          output.code = `${COMPILE_HINT}\n${output.code}`;
          // A hidden source map is already its own file in the bundle by now.
          const mapFile = bundle[`${output.fileName}.map`];
          if (mapFile?.type === 'asset' && typeof mapFile.source === 'string') mapFile.source = shiftMapByOneLine(mapFile.source);
          else if (output.map !== null) output.map.mappings = `;${output.map.mappings}`;
        }
      },
    },
  };
}

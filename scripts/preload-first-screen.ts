import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

// /orders's list code (the orders-first-screen chunk,
// scripts/first-screen-chunks.ts) was asked for only once the shell had run main.tsx, which then
// waited for it before hydrating (app/first-screen-ready.ts): a round trip and a compile in series
// after the shell's. index.html now has the browser fetch (and compile) it beside the shell. Every
// address index.html serves needs it: the list, an order (its api client and formats are there)
// and the other pages' shared code. Same requests as before, earlier; none added. Its stylesheet
// (Mantine's styles for every page's components) is left to the loader, as before: it would take
// the initial bytes over their budget, and it comes in one short
// request beside the chunk's own code once main.tsx asks for it.

/** The tags that have the browser fetch the named chunks while the page parses. */
export function preloadTags(bundle: Rollup.OutputBundle, chunkNames: readonly string[], base = '/'): HtmlTagDescriptor[] {
  const tags: HtmlTagDescriptor[] = [];
  for (const name of chunkNames) {
    const chunk = Object.values(bundle).find((output): output is Rollup.OutputChunk => output.type === 'chunk' && output.name === name);
    if (chunk === undefined) throw new Error(`preload-first-screen: no chunk named ${name} in the build`);
    // crossorigin as Vite's own module scripts have it: one fetch, reused by the import.
    tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${chunk.fileName}` }, injectTo: 'head' });
  }
  return tags;
}

export function preloadFirstScreen(chunkNames: readonly string[]): Plugin {
  return {
    name: 'order-console:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        return context.bundle === undefined ? [] : preloadTags(context.bundle, chunkNames);
      },
    },
  };
}

import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// For plain elements written as the HTML a Mantine component renders (the first screens
// without Mantine's components): both rendered to HTML and put in one canonical form, so a test can
// compare them. Attributes are sorted, and so are a class list and a style's declarations, where the
// browser does not care about order; ids (React's useId, which Mantine prefixes with "mantine-") are
// named by where they first appear, so references to them (for=, aria-*) still have to match;
// Mantine's <style> tags are dropped (the provider or a stylesheet writes them).

export interface MarkupOptions {
  /** The element to compare (the first match), when not the whole markup. */
  selector?: string;
  /** Classes left out of the comparison. */
  ignoreClasses?: RegExp | undefined;
  /** Attributes left out of the comparison. */
  ignoreAttributes?: readonly string[] | undefined;
}

const ID_REFERENCES = new Set(['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls']);

function canonical(element: Element, ids: Map<string, string>, options: MarkupOptions): string {
  const idOf = (value: string) => {
    let name = ids.get(value);
    if (name === undefined) {
      name = `id${ids.size + 1}`;
      ids.set(value, name);
    }
    return name;
  };
  const attributes = [...element.attributes]
    .filter(({ name }) => !(options.ignoreAttributes ?? []).includes(name))
    .map(({ name, value }) => {
      if (ID_REFERENCES.has(name)) return `${name}="${value.replace(/mantine-_[^\s-]+_/g, (id) => idOf(id))}"`;
      if (name === 'class') return `class="${value.split(/\s+/).filter((c) => c !== '' && !(options.ignoreClasses?.test(c) ?? false)).sort().join(' ')}"`;
      if (name === 'style') return `style="${value.split(';').map((d) => d.trim()).filter(Boolean).sort().join(';')}"`;
      return `${name}="${value}"`;
    })
    .sort();
  const children = [...element.childNodes]
    .map((node) => (node instanceof Element ? (node.tagName === 'STYLE' ? '' : canonical(node, ids, options)) : (node.textContent ?? '')))
    .join('');
  const tag = element.tagName.toLowerCase();
  return `<${tag} ${attributes.join(' ')}>${children}</${tag}>`;
}

/** HTML in the canonical form above. */
export function canonicalHtml(markup: string, options: MarkupOptions = {}): string {
  // An inert document of its own (nothing in it runs or loads), not the page's.
  const parsed = new DOMParser().parseFromString(markup, 'text/html');
  const ids = new Map<string, string>();
  if (options.selector !== undefined) {
    const element = parsed.body.querySelector(options.selector);
    if (element === null) throw new Error(`no ${options.selector} in ${markup}`);
    return canonical(element, ids, options);
  }
  return [...parsed.body.children].map((element) => canonical(element, ids, options)).join('\n');
}

/** The markup `node` renders, in the canonical form above. */
export function canonicalMarkup(node: ReactNode, options: MarkupOptions = {}): string {
  return canonicalHtml(renderToStaticMarkup(node), options);
}

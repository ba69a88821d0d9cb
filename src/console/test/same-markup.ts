import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// For plain elements written as the HTML a Mantine component renders (issue 27: the first screens
// without Mantine's components): both rendered to HTML and put in one canonical form, so a test
// can compare them. Attributes are sorted; ids (React's useId, which Mantine prefixes with
// "mantine-") are named by where they first appear, so references to them (for=, aria-*) still have
// to match; Mantine's <style> tags for its CSS variables are dropped (the provider writes them).

function canonical(element: Element, ids: Map<string, string>): string {
  const idOf = (value: string) => {
    let name = ids.get(value);
    if (name === undefined) {
      name = `id${ids.size + 1}`;
      ids.set(value, name);
    }
    return name;
  };
  const attributes = [...element.attributes]
    .map(({ name, value }) => {
      if (name === 'id' || name === 'for' || name === 'aria-labelledby' || name === 'aria-describedby' || name === 'aria-controls') {
        return `${name}="${value.replace(/mantine-_[^\s-]+_/g, (id) => idOf(id))}"`;
      }
      return `${name}="${value}"`;
    })
    .sort();
  const children = [...element.childNodes]
    .map((node) => (node instanceof Element ? (node.tagName === 'STYLE' ? '' : canonical(node, ids)) : (node.textContent ?? '')))
    .join('');
  return `<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${children}</${element.tagName.toLowerCase()}>`;
}

/** The markup `node` renders, in the canonical form above. */
export function canonicalMarkup(node: ReactNode): string {
  // An inert document of its own (nothing in it runs or loads), not the page's.
  const parsed = new DOMParser().parseFromString(renderToStaticMarkup(node), 'text/html');
  const ids = new Map<string, string>();
  return [...parsed.body.children].map((element) => canonical(element, ids)).join('\n');
}

import { describe, expect, it } from 'vitest';

// The console imports Mantine's styles per component, so a component whose stylesheet is
// not listed renders unstyled. These checks fail when code starts using such a component.

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
// Keys only: the names of the per-component stylesheets Mantine ships.
const shipped = new Set(
  Object.keys(import.meta.glob('/node_modules/@mantine/core/styles/*.css'))
    .filter((path) => !path.endsWith('.layer.css'))
    .map((path) => /([^/]+)\.css$/.exec(path)?.[1] ?? path),
);

function listed(file: string): string[] {
  const text = sources[file];
  if (text === undefined) throw new Error(`${file} not found`);
  return [...text.matchAll(/^import '@mantine\/core\/styles\/([^']+)\.css';$/gm)].map((m) => m[1] ?? '');
}

/** Mantine components with a stylesheet of their own, imported by these files, and who imports them. */
function componentsUsedBy(files: [string, string][]): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const [path, text] of files) {
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part.trim();
        if (name === '' || name.startsWith('type ') || !shipped.has(name)) continue;
        used.set(name, [...(used.get(name) ?? []), path]);
      }
    }
  }
  return used;
}

const shell = listed('./shell-styles.ts');
const pages = listed('./page-styles.ts');

describe('Mantine styles per component', () => {
  it('lists a stylesheet for every Mantine component the console uses', () => {
    const missing = [...componentsUsedBy(Object.entries(sources))].filter(([name]) => !shell.includes(name) && !pages.includes(name));
    expect(missing.map(([name, files]) => `${name} (${files.join(', ')})`)).toEqual([]);
  });

  it('has what the shell and the error pages render in the styles loaded before any page', () => {
    const app = Object.entries(sources).filter(([path]) => path.startsWith('./'));
    const missing = [...componentsUsedBy(app)].filter(([name]) => !shell.includes(name));
    expect(missing.map(([name, files]) => `${name} (${files.join(', ')})`)).toEqual([]);
  });

  it("loads up front the stylesheets of the Mantine components the shell draws as plain elements (shell-parts.tsx)", () => {
    const plain = ['./shell-parts.tsx', './color-scheme-toggle.tsx'].flatMap((file) => [...(sources[file] ?? '').matchAll(/mantine-([A-Z]\w+)-root/g)].map((m) => m[1] ?? ''));
    expect(plain).toContain('NavLink');
    expect([...new Set(plain)].filter((name) => !shell.includes(name))).toEqual([]);
  });

  it('names only stylesheets that exist, each once', () => {
    const all = [...shell, ...pages];
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((name) => !shipped.has(name) && !['baseline', 'global'].includes(name))).toEqual([]);
    expect(all.filter((name, i) => all.indexOf(name) !== i)).toEqual([]);
  });

  it('loads the global styles first and never the whole stylesheet', () => {
    expect(shell.slice(0, 2)).toEqual(['baseline', 'global']);
    const whole = Object.entries(sources).filter(([, text]) => /'@mantine\/core\/styles(\.layer)?\.css'/.test(text));
    expect(whole.map(([path]) => path)).toEqual([]);
  });
});

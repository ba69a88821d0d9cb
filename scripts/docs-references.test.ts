import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// A clone of the repository must carry every document its code and README cite: no path
// that leaves the repository, and every "D<n>" the code cites is a heading of docs/decisions.md.
const ROOTS = ['README.md', 'docs', 'e2e', 'src', 'examples', 'bench', 'stress', 'scripts', 'eslint.config.js', 'vitest.config.ts'];

function gitGrep(pattern: string): string[] {
  try {
    return execFileSync('git', ['grep', '-nE', pattern, '--', ...ROOTS], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('scripts/docs-references.test.ts:'));
  } catch {
    return []; // git grep exits 1 when nothing matches
  }
}

describe('the repository carries its own documents', () => {
  it('points at no file outside the repository', () => {
    expect(gitGrep(String.raw`\.\./shared|/work/shared|shared/spec|shared/STYLE`)).toEqual([]);
  });

  it('cites decisions only from docs/decisions.md, and each one it cites is there', () => {
    expect(gitGrep(String.raw`(^|[^/[:alnum:]_])decisions\.md`).filter((l) => !l.startsWith('docs/'))).toEqual([]);
    const headings = new Set([...readFileSync('docs/decisions.md', 'utf8').matchAll(/^## (D\d+)\./gm)].map((m) => m[1]));
    const cited = new Set(gitGrep(String.raw`docs/decisions\.md D[0-9]+`).flatMap((l) => [...l.matchAll(/decisions\.md (D\d+)/g)].map((m) => m[1])));
    expect(cited.size).toBeGreaterThan(10);
    expect([...cited].filter((d) => !headings.has(d))).toEqual([]);
    expect(headings.size).toBe(19);
  });

  it('keeps issue numbers and measured figures out of source comments (docs/performance.md holds the figures)', () => {
    // The code says why in words; an issue number or a figure in a comment goes stale unseen. The bench
    // names its budgets by the issue that set them, and the docs cite what they like.
    const issueNumbers = gitGrep(String.raw`[Ii]ssue [0-9]`).filter((l) => !/^(bench\/|docs\/|[^:]*\.md:)/.test(l));
    expect(issueNumbers).toEqual([]);
    const figures = gitGrep(String.raw`(//|/?\*).*[0-9] ?(ms|KB|kB)\b`).filter((l) => /^(src|public)\//.test(l) && !/\.test\.|\/test\/|\/testing\//.test(l.split(':')[0] ?? ''));
    expect(figures).toEqual([]);
  });

  it('has the interface with every documented limit', () => {
    const text = readFileSync('docs/interface.md', 'utf8');
    for (const limit of ['max 36 chars', 'max 140 chars', 'max 255 chars', 'max 34 chars', String.raw`^-?\d{0,8}(?:\.\d{0,2})?$`, String.raw`^-?\d{0,2}(?:\.\d{0,2})?$`]) {
      expect(text).toContain(limit);
    }
  });
});

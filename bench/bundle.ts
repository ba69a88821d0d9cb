import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BuildResult } from './build.ts';
import type { Figure } from './report.ts';
import { budgeted, info } from './report.ts';

// Figure 1: gzip bytes of what index.html makes the browser fetch (its script, stylesheet and
// modulepreload tags and their static imports), and what each lazy entry adds on top. The
// per-package split (a visualiser's report, kept in bench/out/) comes from each module's rendered
// length, scaled to its chunk's gzip size: an estimate, good to a few percent.

export const INITIAL_BUDGET_KB = 140;

export interface LazyEntry {
  /** The module the dynamic import names, e.g. create-order-page.tsx. */
  module: string;
  files: string[];
  /** gzip KB it adds to the initial files. */
  gzipKb: number;
}

export interface BundleAnalysis {
  initialFiles: { file: string; gzipKb: number }[];
  initialKb: number;
  lazy: LazyEntry[];
  /** Estimated gzip KB per package in the initial JS (CSS counted apart). */
  initialPackages: { name: string; gzipKb: number }[];
  totalKb: number;
  /** gzip KB of index.html itself: since issue 6 it holds the pre-rendered /orders page. */
  htmlKb: number;
}

const kb = (bytes: number) => bytes / 1024;

/**
 * The files index.html's tags fetch: scripts and stylesheets (with what they import, closureOf), and
 * preloaded modules, which are fetched alone: the stylesheet Vite extracted for a chunk comes only when
 * the chunk is imported (Vite's loader adds it then), so a modulepreload does not fetch it.
 */
export function htmlTags(html: string): { loaded: string[]; preloaded: string[] } {
  const loaded: string[] = [];
  const preloaded: string[] = [];
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    if (match[1] === 'link' && rel !== 'stylesheet' && rel !== 'modulepreload') continue;
    const url = /\b(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1];
    if (url !== undefined && /\.(js|css)$/.test(url)) (rel === 'modulepreload' ? preloaded : loaded).push(url);
  }
  return { loaded, preloaded };
}

/** Package (or source folder) a module id belongs to, for the size report. */
export function ownerOf(id: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg?.[1] !== undefined) return pkg[1];
  const src = /\/src\/(console\/features\/[^/]+|console\/[^/]+|contract|[^/]+)/.exec(id);
  if (src?.[1] !== undefined) return `src/${src[1]}`;
  return '(bundler runtime)';
}

/** The files `start` loads with it: static imports and the CSS they import, transitively. */
function closureOf(result: BuildResult, start: readonly string[]): Set<string> {
  const chunks = new Map(result.chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = chunks.get(file);
    if (chunk === undefined) return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
    for (const dep of chunk.imports) visit(dep);
  };
  start.forEach(visit);
  return seen;
}

/** What index.html makes the browser fetch before any lazy import: its tags and their static imports (paths without the leading /). */
export function initialFiles(result: BuildResult): string[] {
  const { loaded, preloaded } = htmlTags(readFileSync(join(result.outDir, 'index.html'), 'utf8'));
  return [...new Set([...closureOf(result, loaded), ...preloaded])];
}

export function analyseBundle(result: BuildResult, reportPath: string): BundleAnalysis {
  const gzipOf = new Map<string, number>();
  const gz = (file: string) => {
    let size = gzipOf.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(result.outDir, file))).byteLength;
      gzipOf.set(file, size);
    }
    return size;
  };
  const closure = (start: readonly string[]) => closureOf(result, start);
  const initial = new Set(initialFiles(result));
  const initialBytes = [...initial].reduce((sum, f) => sum + gz(f), 0);

  const lazy: LazyEntry[] = result.chunks
    .filter((c) => c.isDynamicEntry && !initial.has(c.fileName))
    .map((c) => {
      const files = [...closure([c.fileName])].filter((f) => !initial.has(f));
      return { module: basename(c.facadeModuleId ?? c.fileName), files, gzipKb: kb(files.reduce((s, f) => s + gz(f), 0)) };
    })
    .sort((a, b) => b.gzipKb - a.gzipKb);

  const packages = new Map<string, number>();
  const lines: string[] = [];
  for (const chunk of [...result.chunks].sort((a, b) => gz(b.fileName) - gz(a.fileName))) {
    const modules = Object.entries(chunk.modules);
    const rendered = modules.reduce((s, [, m]) => s + m.renderedLength, 0) || 1;
    const byOwner = new Map<string, number>();
    for (const [id, m] of modules) byOwner.set(ownerOf(id), (byOwner.get(ownerOf(id)) ?? 0) + (m.renderedLength / rendered) * gz(chunk.fileName));
    const where = initial.has(chunk.fileName) ? 'initial' : 'lazy';
    lines.push(`${chunk.fileName} (${where}) ${kb(gz(chunk.fileName)).toFixed(1)} KB gzip`);
    for (const [owner, bytes] of [...byOwner].sort((a, b) => b[1] - a[1])) {
      if (bytes >= 100) lines.push(`    ${owner.padEnd(40)} ${kb(bytes).toFixed(1)} KB`);
      if (where === 'initial') packages.set(owner, (packages.get(owner) ?? 0) + bytes);
    }
  }
  for (const asset of result.assets.filter((a) => a.fileName.endsWith('.css'))) {
    lines.push(`${asset.fileName} (${initial.has(asset.fileName) ? 'initial' : 'lazy'}) ${kb(gz(asset.fileName)).toFixed(1)} KB gzip`);
  }
  writeFileSync(reportPath, `${lines.join('\n')}\n`);

  const allFiles = [...result.chunks.map((c) => c.fileName), ...result.assets.filter((a) => a.fileName.endsWith('.css')).map((a) => a.fileName)];
  return {
    initialFiles: [...initial].map((file) => ({ file, gzipKb: kb(gz(file)) })),
    initialKb: kb(initialBytes),
    lazy,
    initialPackages: [...packages].map(([name, bytes]) => ({ name, gzipKb: kb(bytes) })).sort((a, b) => b.gzipKb - a.gzipKb),
    totalKb: kb(allFiles.reduce((s, f) => s + gz(f), 0)),
    htmlKb: kb(gz('index.html')),
  };
}

const sumKb = (list: readonly { name: string; gzipKb: number }[], test: (name: string) => boolean) =>
  list.filter((p) => test(p.name)).reduce((s, p) => s + p.gzipKb, 0);

export function bundleFigures(analysis: BundleAnalysis, hello: BundleAnalysis): Figure[] {
  const cssKb = analysis.initialFiles.filter((f) => f.file.endsWith('.css')).reduce((s, f) => s + f.gzipKb, 0);
  const p = analysis.initialPackages;
  return [
    budgeted('bundle: initial JS+CSS (gzip)', analysis.initialKb, 'KB', '<=', INITIAL_BUDGET_KB, analysis.initialFiles.map((f) => f.file).join(', ')),
    info('bundle: initial CSS part', cssKb, 'KB'),
    info('bundle: index.html (gzip)', analysis.htmlKb, 'KB', 'not in the figure above: the pre-rendered /orders page with its inline theme variables'),
    info('bundle: initial zod (est.)', sumKb(p, (n) => n === 'zod'), 'KB'),
    info('bundle: initial @mantine/* JS (est.)', sumKb(p, (n) => n.startsWith('@mantine/')), 'KB'),
    info('bundle: initial dayjs (est.)', sumKb(p, (n) => n === 'dayjs'), 'KB'),
    info('bundle: initial react+react-dom (est.)', sumKb(p, (n) => n === 'react' || n === 'react-dom' || n === 'scheduler'), 'KB'),
    info('bundle: initial react-router (est.)', sumKb(p, (n) => n === 'react-router'), 'KB'),
    info('bundle: largest lazy entry', analysis.lazy[0]?.gzipKb ?? 0, 'KB', analysis.lazy[0]?.module),
    info('bundle: all JS+CSS', analysis.totalKb, 'KB'),
    info('bundle: hello baseline JS+CSS', hello.initialKb, 'KB'),
  ];
}

import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import { renderReportHtml } from '../src/scenarios/report-html.ts';
import { reportJson } from '../src/scenarios/report-json.ts';
import type { Report } from '../src/scenarios/report-schema.ts';
import { renderJunitXml } from './scenarios-junit.ts';

// The command line's side of the report: where Order Console's version and commit come from, and
// writing the three files.

const ROOT = resolve(import.meta.dirname, '..');

export async function consoleVersion(): Promise<string> {
  try {
    const parsed = z.object({ version: z.string() }).safeParse(JSON.parse(await readFile(resolve(ROOT, 'package.json'), 'utf8')));
    return parsed.success ? parsed.data.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The checked-out commit; CI's variable when there is no .git (a source archive); else "unknown". */
export async function gitCommit(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)('git', ['rev-parse', 'HEAD'], { cwd: ROOT, timeout: 5_000 });
    const commit = stdout.trim();
    if (/^[0-9a-f]{40}$/.test(commit)) return commit;
  } catch {
    // No git here: fall through.
  }
  return env['GITHUB_SHA'] ?? env['CI_COMMIT_SHA'] ?? 'unknown';
}

export interface WrittenReport {
  html: string;
  json: string;
  junit: string;
}

export async function writeReports(directory: string, report: Report): Promise<WrittenReport> {
  const dir = resolve(directory);
  await mkdir(dir, { recursive: true });
  const written = { html: resolve(dir, 'report.html'), json: resolve(dir, 'report.json'), junit: resolve(dir, 'junit.xml') };
  await Promise.all([
    writeFile(written.html, renderReportHtml(report), 'utf8'),
    writeFile(written.json, reportJson(report), 'utf8'),
    writeFile(written.junit, renderJunitXml(report), 'utf8'),
  ]);
  return written;
}

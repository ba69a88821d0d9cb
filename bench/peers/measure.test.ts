import { describe, expect, it } from 'vitest';
import type { PeerResult } from './measure.ts';
import { formatPeersTable, peerRows } from './measure.ts';
import { npmFailureReason } from './install.ts';
import { peerBudgetFigures } from './section.ts';

const MB = 1024 * 1024;
const sample = (painted: number, heapMb: number, kind = 'rows') => ({ painted, kind, lcp: painted + 5, lcpTag: 'TD', heapBytes: heapMb * MB });

describe("the peers' table", () => {
  const results: PeerResult[] = [
    { key: 'refine', label: 'refine + Mantine', samples: [sample(460, 5.9), sample(900, 6.1), sample(440, 5.8)], cpuMs: [150, 160, 170] },
    { key: 'bare', label: 'bare React page', samples: [sample(100, 1.8), sample(104, 1.8), sample(300, 1.9)], cpuMs: [40, 50, 45] },
    { key: 'console', label: 'Order Console', samples: [sample(500, 5.8, 'row')], cpuMs: [225] },
  ];

  it('takes medians and compares every app with the bare page of the same run, wherever it is in the list', () => {
    const rows = peerRows(results);
    expect(rows.map((r) => [r.label, r.contentMs, Number(r.ratio.toFixed(2)), Number(r.heapMb.toFixed(1)), r.cpuMs, Number(r.cpuRatio.toFixed(2))])).toEqual([
      ['refine + Mantine', 460, 4.42, 5.9, 160, 3.56],
      ['bare React page', 104, 1, 1.8, 45, 1],
      ['Order Console', 500, 4.81, 5.8, 225, 5],
    ]);
  });

  it('prints app, content, ratio and heap in columns, n/a for an app that measured nothing', () => {
    const table = formatPeersTable(peerRows([...results, { key: 'react-admin', label: 'react-admin', samples: [], cpuMs: [] }]));
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^app +\| content \(median\) +\| vs bare \| JS heap +\| last LCP entry \| main-thread CPU to content \| vs bare$/);
    expect(lines[2]).toMatch(/^refine \+ Mantine +\| 460 ms \(rows\) +\| 4\.42x +\| 5\.9 MB +\| 465 ms +\| 160 ms +\| 3\.56x$/);
    expect(lines[4]).toMatch(/^Order Console +\| 500 ms \(row\) +\| 4\.81x/);
    expect(lines[5]).toMatch(/^react-admin +\| n\/a \(none\) +\| n\/a +\| n\/a +\| n\/a +\| n\/a +\| n\/a$/);
  });
});

describe("the console's content budgets in the peers' run", () => {
  it('holds personal mode to 2.0x and team mode to 1.2x the bare page of the same run', () => {
    const rows = peerRows([
      { key: 'bare', label: 'bare React page', samples: [sample(100, 1.8)], cpuMs: [40] },
      { key: 'console', label: 'Order Console', samples: [sample(190, 4.5, 'row')], cpuMs: [80] },
      { key: 'console-team', label: 'Order Console, team', samples: [sample(125, 7.3, 'row')], cpuMs: [50] },
    ]);
    expect(peerBudgetFigures(rows).map((f) => [f.name, f.value, f.budget, f.pass])).toEqual([
      ['peers: Order Console /orders (personal) / bare page', 1.9, '<= 2 x', true],
      ['peers: Order Console /orders (team, signed in) / bare page', 1.25, '<= 1.2 x', false],
    ]);
  });
});

describe('why the peers could not be installed', () => {
  it("is npm's network error, not its warnings about this machine's config or the pointer to its log", () => {
    const output = [
      'npm warn Unknown user config "nodedir".',
      'npm error code ECONNREFUSED',
      'npm error FetchError: request to http://127.0.0.1:9/-/ping failed, reason: connect ECONNREFUSED 127.0.0.1:9',
      'npm error     at ClientRequest.<anonymous> (minipass-fetch/lib/index.js:130:14)',
      'npm error A complete log of this run can be found in: /root/.npm/_logs/x-debug-0.log',
    ].join('\n');
    expect(npmFailureReason(output)).toBe('npm error FetchError: request to http://127.0.0.1:9/-/ping failed, reason: connect ECONNREFUSED 127.0.0.1:9');
  });

  it('is the error code when npm names no network reason, and its last line otherwise', () => {
    expect(npmFailureReason('npm error code EUSAGE\nnpm error The `npm ci` command can only install with an existing package-lock.json\nnpm error A complete log of this run can be found in: x.log')).toBe('npm error code EUSAGE');
    expect(npmFailureReason('npm warn x\nKilled\n')).toBe('Killed');
  });
});

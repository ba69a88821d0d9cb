import { expect, test } from 'vitest';
import { mainThreadCpu } from './trace-cpu.ts';

// A traced load's main-thread CPU: the tasks of the renderer main thread that navigated, from its
// navigationStart to the moment asked; a trace that lost its navigationStart gives no figure.

const URL = 'http://127.0.0.1:1234/orders';
const main = { name: 'thread_name', ph: 'M', pid: 1, tid: 2, ts: 0, args: { name: 'CrRendererMain' } };
const task = (ts: number, tdur: number, tid = 2) => ({ name: 'ThreadControllerImpl::RunTask', ph: 'X', pid: 1, tid, ts, dur: tdur * 2, tdur });
const navigation = { name: 'navigationStart', ph: 'R', pid: 1, tid: 2, ts: 1_000_000, args: { data: { documentLoaderURL: URL, isLoadingMainFrame: true } } };

test("sums the navigating main thread's tasks from navigation start to the moment asked", () => {
  const trace = { traceEvents: [main, navigation, task(900_000, 5_000), task(1_010_000, 3_000), task(1_050_000, 4_000, 9), task(1_090_000, 2_000), task(1_200_000, 7_000)] };
  expect(mainThreadCpu(trace, URL, 100)).toEqual({ cpuMs: 5, taskWallMs: 10 });
});

test('a trace without the navigation start gives NaN, not a crash', () => {
  const cpu = mainThreadCpu({ traceEvents: [main, task(1_010_000, 3_000)] }, URL, 100);
  expect(Number.isNaN(cpu.cpuMs)).toBe(true);
});

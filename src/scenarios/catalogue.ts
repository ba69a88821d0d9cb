import { authScenarios } from './catalogue-auth.ts';
import { checkoutScenarios } from './catalogue-checkout.ts';
import { createLimitScenarios } from './catalogue-create-limits.ts';
import { createScenarios } from './catalogue-create.ts';
import { refundScenarios } from './catalogue-refund.ts';
import { resilienceScenarios } from './catalogue-resilience.ts';
import type { ScenarioGroup } from './report-schema.ts';
import { SCENARIO_GROUPS } from './report-schema.ts';
import type { Scenario } from './scenario.ts';

// docs/decisions.md D14: the one catalogue. The console's Scenarios page and `npm run scenarios` both run
// from this list; ids are stable, so a report from one run can be compared with the next.

const byId = (a: Scenario, b: Scenario) => a.id.localeCompare(b.id, 'en', { numeric: true });

export const CATALOGUE: readonly Scenario[] = [
  ...authScenarios,
  ...[...createScenarios, ...createLimitScenarios].sort(byId),
  ...checkoutScenarios,
  ...refundScenarios,
  ...resilienceScenarios,
];

export function scenariosOfGroup(group: ScenarioGroup): Scenario[] {
  return CATALOGUE.filter((s) => s.group === group);
}

export type Selection = { ok: true; scenarios: Scenario[] } | { ok: false; unknown: string[] };

const isGroup = (value: string): value is ScenarioGroup => (SCENARIO_GROUPS as readonly string[]).includes(value);

/**
 * The scenarios named by ids and group names (`REF-03,AUTH`), in catalogue order, each once.
 * Case does not matter. An empty list selects everything.
 */
export function selectScenarios(names: readonly string[]): Selection {
  const wanted = names.map((n) => n.trim().toUpperCase()).filter((n) => n !== '');
  if (wanted.length === 0) return { ok: true, scenarios: [...CATALOGUE] };
  const unknown = wanted.filter((n) => !isGroup(n) && !CATALOGUE.some((s) => s.id === n));
  if (unknown.length > 0) return { ok: false, unknown };
  return { ok: true, scenarios: CATALOGUE.filter((s) => wanted.includes(s.id) || wanted.includes(s.group)) };
}

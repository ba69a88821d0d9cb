import { describe, expect, test } from 'vitest';
import { CATALOGUE, selectScenarios } from './catalogue.ts';
import { SCENARIO_GROUPS } from './report-schema.ts';

describe('the catalogue', () => {
  test('has at least 24 scenarios with unique ids, each with a title, why it matters, steps and expectations', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(24);
    const ids = CATALOGUE.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const scenario of CATALOGUE) {
      expect(scenario.id).toMatch(/^(AUTH|CRE|CHK|REF|RES)-[0-9]{2}$/);
      expect(scenario.title.length).toBeGreaterThan(10);
      expect(scenario.why.length).toBeGreaterThan(20);
      expect(scenario.steps.length).toBeGreaterThan(0);
      expect(scenario.expectations.length).toBeGreaterThan(0);
    }
  });

  test('covers every group, and only RESILIENCE needs the fault injection API', () => {
    expect(new Set(CATALOGUE.map((s) => s.group))).toEqual(new Set(SCENARIO_GROUPS));
    expect(CATALOGUE.filter((s) => s.needs === 'faults').every((s) => s.group === 'RESILIENCE')).toBe(true);
    expect(CATALOGUE.filter((s) => s.group === 'RESILIENCE').every((s) => s.needs === 'faults')).toBe(true);
  });
});

describe('what each scenario holds the service to', () => {
  test('the decisions a real DRF service failed on are assumptions, with the decision named', () => {
    const basis = (id: string) => CATALOGUE.find((s) => s.id === id)?.basis;
    expect(basis('CRE-11')).toEqual({ kind: 'assumption', decisions: ['D6'] });
    expect(basis('CRE-12')).toEqual({ kind: 'assumption', decisions: ['D5'] });
    expect(basis('REF-01')).toEqual({ kind: 'document' });
    expect(basis('AUTH-01')).toEqual({ kind: 'document' });
  });

  test('every assumption names decisions that exist (D1-D17)', () => {
    for (const scenario of CATALOGUE) {
      if (scenario.basis.kind === 'document') continue;
      expect(scenario.basis.decisions.length, scenario.id).toBeGreaterThan(0);
      for (const d of scenario.basis.decisions) expect(d, scenario.id).toMatch(/^D([1-9]|1[0-7])$/);
    }
  });
});

describe('selectScenarios', () => {
  test('nothing named selects all', () => {
    expect(selectScenarios([''])).toEqual({ ok: true, scenarios: [...CATALOGUE] });
  });

  test('ids and groups, any case, in catalogue order, each once', () => {
    const selection = selectScenarios(['ref-03', 'AUTH', 'auth-01']);
    expect(selection.ok && selection.scenarios.map((s) => s.id)).toEqual(['AUTH-01', 'AUTH-02', 'AUTH-03', 'AUTH-04', 'REF-03']);
  });

  test('an unknown name is reported, not ignored', () => {
    expect(selectScenarios(['REF-03', 'REF-99', 'PAY'])).toEqual({ ok: false, unknown: ['REF-99', 'PAY'] });
  });
});

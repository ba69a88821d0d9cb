import { Select } from '@mantine/core';
import { CATALOGUE } from '../../../scenarios/catalogue.ts';
import { GROUP_TITLES, SCENARIO_GROUPS } from '../../../scenarios/report-schema.ts';
import type { Scenario } from '../../../scenarios/scenario.ts';

// What to run: everything, a group, or one scenario.

export const ALL = 'all';

const DATA = [
  {
    group: 'Several',
    items: [
      { value: ALL, label: `All scenarios (${CATALOGUE.length})` },
      ...SCENARIO_GROUPS.map((group) => ({ value: `group:${group}`, label: `${GROUP_TITLES[group]} (${CATALOGUE.filter((s) => s.group === group).length})` })),
    ],
  },
  { group: 'One scenario', items: CATALOGUE.map((s) => ({ value: s.id, label: `${s.id} ${s.title}` })) },
];

export function scenariosFor(value: string): Scenario[] {
  if (value === ALL) return [...CATALOGUE];
  if (value.startsWith('group:')) return CATALOGUE.filter((s) => `group:${s.group}` === value);
  return CATALOGUE.filter((s) => s.id === value);
}

export function ScenarioPicker({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled: boolean }) {
  return (
    <Select
      label="Scenarios to run"
      data={DATA}
      value={value}
      onChange={(next) => onChange(next ?? ALL)}
      allowDeselect={false}
      searchable
      disabled={disabled}
      maw={520}
      w="100%"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

import { MantineProvider, Tabs } from '@mantine/core';
import { IconDeviceDesktop, IconServer } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { cssVariablesResolver, theme } from '../../app/theme.ts';
import { renderRoute } from '../../test/render.tsx';
import { canonicalMarkup } from '../../test/same-markup.ts';
import { SourceTabs } from './source-tabs.tsx';
import type { ListSource } from './use-list-params.ts';

// source-tabs.tsx writes Mantine's Tabs markup by hand; the reference is the Tabs the
// orders page used before.

function MantineSourceTabs({ value, sandbox, local }: { value: ListSource; sandbox: ReactNode; local: ReactNode }) {
  return (
    <Tabs value={value} onChange={() => undefined} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="sandbox" leftSection={<IconServer size={16} />}>
          All sandbox orders
        </Tabs.Tab>
        <Tabs.Tab value="local" leftSection={<IconDeviceDesktop size={16} />}>
          Opened in this browser
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="sandbox">{sandbox}</Tabs.Panel>
      <Tabs.Panel value="local">{local}</Tabs.Panel>
    </Tabs>
  );
}

const inProvider = (node: ReactNode) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    {node}
  </MantineProvider>
);

test.each<ListSource>(['sandbox', 'local'])('with %s shown, the markup is what Mantine’s Tabs render', (value) => {
  const panels = { sandbox: <p>every sandbox order</p>, local: <p>opened here</p> };
  expect(canonicalMarkup(inProvider(<SourceTabs value={value} onChange={() => undefined} {...panels} />))).toBe(canonicalMarkup(inProvider(<MantineSourceTabs value={value} {...panels} />)));
});

function Harness() {
  const [value, setValue] = useState<ListSource>('sandbox');
  return <SourceTabs value={value} onChange={setValue} sandbox={<p>every sandbox order</p>} local={<p>opened here</p>} />;
}

test('a click or the keyboard shows the other list, with focus on its tab; only the shown list is mounted', async () => {
  const user = userEvent.setup();
  renderRoute(<Harness />);
  const sandboxTab = screen.getByRole('tab', { name: 'All sandbox orders' });
  const localTab = screen.getByRole('tab', { name: 'Opened in this browser' });
  expect(screen.getByRole('tabpanel', { name: 'All sandbox orders' })).toHaveTextContent('every sandbox order');
  expect(screen.queryByText('opened here')).toBeNull();

  await user.click(localTab);
  expect(localTab).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Opened in this browser' })).toHaveTextContent('opened here');
  expect(screen.queryByText('every sandbox order')).toBeNull();

  await user.keyboard('{ArrowRight}');
  expect(sandboxTab).toHaveFocus();
  expect(sandboxTab).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowLeft}');
  expect(localTab).toHaveFocus();
  await user.keyboard('{Home}');
  expect(sandboxTab).toHaveFocus();
  await user.keyboard('{End}');
  expect(localTab).toHaveFocus();
  expect(screen.getByText('opened here')).toBeVisible();
  // One tab stop: the shown list's tab.
  expect(sandboxTab).toHaveAttribute('tabindex', '-1');
  expect(localTab).toHaveAttribute('tabindex', '0');
});

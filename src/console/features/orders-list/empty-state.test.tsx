import { Button, Group, MantineProvider, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFilterOff, IconPackage } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Link, MemoryRouter } from 'react-router';
import { expect, test, vi } from 'vitest';
import { cssVariablesResolver, theme } from '../../app/theme.ts';
import { renderRoute } from '../../test/render.tsx';
import { canonicalMarkup } from '../../test/same-markup.ts';
import { NoMatches, NoOrdersYet } from './empty-state.tsx';

// empty-state.tsx writes Mantine's markup by hand; the reference is the components it
// was built from before.

function Reference({ icon, title, children, actions }: { icon: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py={48} ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text c="dimmed" size="sm" maw={440}>
        {children}
      </Text>
      <Group gap="sm" mt="xs" justify="center">
        {actions}
      </Group>
    </Stack>
  );
}

const inProviders = (node: ReactNode) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    <MemoryRouter>{node}</MemoryRouter>
  </MantineProvider>
);

test('“No orders yet” is what Mantine’s components render', () => {
  const second = <a href="/scenarios">Run a scenario</a>;
  const reference = (
    <Reference
      icon={<IconPackage size={26} />}
      title="No orders yet"
      actions={
        <>
          <Button component={Link} to="/orders/new">
            Create your first order
          </Button>
          {second}
        </>
      }
    >
      Create one.
    </Reference>
  );
  expect(canonicalMarkup(inProviders(<NoOrdersYet hint="Create one." secondaryAction={second} />))).toBe(canonicalMarkup(inProviders(reference)));
});

test('“No orders match” is what Mantine’s components render, and its button clears the filters', async () => {
  const reference = (
    <Reference
      icon={<IconFilterOff size={26} />}
      title="No orders match"
      actions={
        <Button variant="light" onClick={() => undefined}>
          Clear filters
        </Button>
      }
    >
      Try another status, or part of the order id or external id.
    </Reference>
  );
  expect(canonicalMarkup(inProviders(<NoMatches onClear={() => undefined} />))).toBe(canonicalMarkup(inProviders(reference)));

  const onClear = vi.fn();
  renderRoute(<NoMatches onClear={onClear} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(onClear).toHaveBeenCalledTimes(1);
});

import { ActionIcon, AppShell, Badge, Burger, Button, Group, MantineProvider, NavLink, Text, Title } from '@mantine/core';
import { IconKeyOff, IconList, IconListDetails, IconMoon } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import type { Environment } from '../lib/environments.ts';
import { ColorSchemeToggle } from './color-scheme-toggle.tsx';
import consoleCss from './console.css?raw';
import {
  EnvironmentChip,
  GROUP_CLASS,
  HEADER_BAR_STYLE,
  HEADER_END_STYLE,
  HEADER_START_STYLE,
  NarrowNavButton,
  NavFootnote,
  ShellBurger,
  ShellHeader,
  ShellNavbar,
  ShellNavLink,
  ShellRoot,
  ShellTitle,
  WideSubtleButton,
} from './shell-parts.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import { canonicalHtml } from '../test/same-markup.ts';

// The shell is drawn with plain elements carrying Mantine's classes and variables (shell-parts.tsx).
// Each part is rendered here beside the Mantine component, with the props the shell used to give it,
// and the two must come out the same: a Mantine upgrade (its class names, its variables) or a theme
// change (auto contrast on the chip) that would make the shell look different fails here.

const noop = () => undefined;

function html(element: ReactElement): string {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} withCssVariables={false} withGlobalClasses={false}>
      {element}
    </MantineProvider>,
  );
}

function first(markup: string, selector = '*'): Element {
  const container = document.createElement('div');
  container.innerHTML = markup;
  const element = container.querySelector(selector);
  if (element === null) throw new Error(`no ${selector} in ${markup}`);
  return element;
}

function expectSameMarkup(ours: ReactElement, mantine: ReactElement, ignore: { classes?: RegExp; attributes?: string[] } = {}, selector = '*') {
  const options = { selector, ignoreClasses: ignore.classes, ignoreAttributes: ignore.attributes };
  expect(canonicalHtml(html(ours), options)).toBe(canonicalHtml(html(mantine), options));
}

const SANDBOX: Environment = { id: 'local-sandbox', name: 'Local sandbox', baseUrl: '', production: false, sandbox: true, rememberToken: false };
const SERVICE: Environment = { id: 'staging', name: 'Staging', baseUrl: 'https://orders.example', production: false, sandbox: false, rememberToken: false };
const PRODUCTION: Environment = { id: 'prod', name: 'Production EU', baseUrl: 'https://orders.example', production: true, sandbox: false, rememberToken: false };

/** The chip as the shell rendered it with Mantine's Badge (the link's own attributes aside). */
function MantineChip({ environment, rejection }: { environment: Environment; rejection: string | null }) {
  return (
    <Badge
      component="a"
      href="/settings"
      color={rejection !== null ? 'red' : environment.production ? 'red.9' : environment.sandbox ? 'teal' : 'blue'}
      variant={environment.production ? 'filled' : rejection !== null ? 'light' : 'dot'}
      size="md"
      className="console-chip"
      leftSection={rejection !== null ? <IconKeyOff size={14} aria-hidden /> : undefined}
      data-per-browser
      data-token-rejected={rejection !== null || undefined}
      title={rejection === null ? undefined : `The service rejected the token (${rejection}). Open Settings to fix it.`}
      aria-label={`Active environment: ${environment.name}${environment.production ? ' (production)' : ''}${rejection !== null ? ' (token rejected)' : ''}`}
    >
      {environment.name}
      {environment.production && (
        <Text span inherit visibleFrom="sm">
          {' · production'}
        </Text>
      )}
      {rejection !== null && (
        <Text span inherit visibleFrom="sm">
          {' · token rejected'}
        </Text>
      )}
    </Badge>
  );
}

describe("the shell's parts are Mantine's components in plain elements", () => {
  test.each([
    ['a sandbox', SANDBOX, null],
    ['a real service', SERVICE, null],
    ['production', PRODUCTION, null],
    ['a rejected token', SANDBOX, 'Invalid token.'],
    ['a rejected token in production', PRODUCTION, 'Invalid token.'],
  ] as const)('the environment chip for %s', (_, environment, rejection) => {
    expectSameMarkup(<EnvironmentChip environment={environment} rejection={rejection} onClick={noop} />, <MantineChip environment={environment} rejection={rejection} />);
  });

  test.each([false, true])('the burger (opened: %s)', (opened) => {
    expectSameMarkup(<ShellBurger opened={opened} onClick={noop} />, <Burger opened={opened} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />);
  });

  test('the title', () => {
    expectSameMarkup(
      <ShellTitle />,
      <Title order={1} size="h4" className="console-title">
        Order Console
      </Title>,
    );
  });

  test('the Journal button and the colour scheme toggle', () => {
    expectSameMarkup(
      <WideSubtleButton icon={<IconListDetails size={18} />} label="Journal" onClick={noop} />,
      <Button variant="subtle" leftSection={<IconListDetails size={18} />} visibleFrom="sm">
        Journal
      </Button>,
    );
    expectSameMarkup(
      <ColorSchemeToggle />,
      <ActionIcon variant="default" size="lg" data-per-browser aria-label="Switch to dark colour scheme">
        <IconMoon size={18} />
      </ActionIcon>,
    );
  });

  test.each([false, true])('a navigation link (active: %s), the journal entry of the phone’s menu and the footnote', (active) => {
    const icon = <IconList size={18} />;
    expectSameMarkup(
      <ShellNavLink to="/orders" icon={icon} label="Orders" active={active} />,
      <NavLink component="a" href="/orders" label="Orders" leftSection={icon} active={active} aria-current={active ? 'page' : undefined} />,
    );
    expectSameMarkup(
      <NarrowNavButton icon={icon} label="Request journal" onClick={noop} />,
      <NavLink component="button" type="button" label="Request journal" leftSection={icon} hiddenFrom="sm" />,
    );
    expectSameMarkup(
      <NavFootnote>Order Service partner interface v2</NavFootnote>,
      <Text size="xs" c="dimmed" mt="auto" p="xs">
        Order Service partner interface v2
      </Text>,
    );
  });

  test("the header's rows (their side padding aside: console.css)", () => {
    const ours = (
      <div style={HEADER_BAR_STYLE} className={GROUP_CLASS}>
        <div style={HEADER_START_STYLE} className={GROUP_CLASS} />
        <div style={HEADER_END_STYLE} className={GROUP_CLASS} />
      </div>
    );
    const mantine = (
      <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0} />
        <Group gap="xs" wrap="nowrap" flex="none" />
      </Group>
    );
    expectSameMarkup(ours, mantine, { classes: /^__m__/ }, 'div');
  });

  const mantineShell = (collapsed: boolean) => (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: collapsed } }} padding="md">
      <AppShell.Header>header</AppShell.Header>
      <AppShell.Navbar p="xs">navbar</AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} className="console-main">
        main
      </AppShell.Main>
    </AppShell>
  );

  test('the app shell: its root, header, navigation column and main region', () => {
    const ours = (
      <ShellRoot navOpened={false}>
        <ShellHeader>header</ShellHeader>
        <ShellNavbar>navbar</ShellNavbar>
        <main className="m_8983817 mantine-AppShell-main console-main" id="main-content" tabIndex={-1}>
          main
        </main>
      </ShellRoot>
    );
    expectSameMarkup(ours, mantineShell(true), { classes: /^console-shell$/, attributes: ['id'] }, 'div');
    expect(first(html(ours), 'main').id).toBe('main-content');
  });

  /** Mantine's AppShell writes its sizes into the page: [media query or '', declarations] per rule. */
  function mantineShellRules(collapsed: boolean): [string, string[]][] {
    const css = first(html(mantineShell(collapsed)), 'style').textContent;
    return [...css.matchAll(/(?:@media\(([^)]*)\)\{)?:root\{([^}]*)\}/g)].map((m) => [(m[1] ?? '').replace(/\s+/g, ''), declarations(m[2] ?? '')]);
  }

  function declarations(block: string): string[] {
    return block
      .split(';')
      .map((d) => d.replace(/\s+/g, ' ').replace(/\s*:\s*/, ':').trim())
      .filter(Boolean)
      .sort();
  }

  /** console.css's rule for `selector`, inside `@media (query)` when given. */
  function consoleRule(selector: string, query = ''): string[] {
    const escaped = selector.replace(/[[\]().:]/g, (c) => `\\${c}`);
    const rule = query === '' ? new RegExp(`^${escaped} \\{([^}]*)\\}`, 'm') : new RegExp(`@media \\(${query.replace(/[().]/g, (c) => `\\${c}`)}\\) \\{\\s*${escaped} \\{([^}]*)\\}`);
    const match = rule.exec(consoleCss);
    if (match === null) throw new Error(`console.css has no ${selector} ${query}`);
    return declarations(match[1] ?? '');
  }

  test("the shell's sizes in console.css are the ones Mantine's AppShell computes, navigation closed and open", () => {
    const [closedBase, closedPhone] = mantineShellRules(true);
    const [openBase, openPhone] = mantineShellRules(false);
    expect(closedBase?.[1]).toEqual(consoleRule(':root'));
    expect(openBase?.[1]).toEqual(consoleRule(':root'));
    expect(closedPhone?.[1]).toEqual(consoleRule('.console-shell:not([data-nav-opened])', closedPhone?.[0].replace(':', ': ')));
    expect(openPhone?.[1]).toEqual(consoleRule('.console-shell[data-nav-opened]', openPhone?.[0].replace(':', ': ')));
  });
});

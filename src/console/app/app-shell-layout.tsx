import { AppShell, Badge, Burger, Button, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBolt, IconChartBar, IconChecklist, IconKeyOff, IconList, IconListDetails, IconPlus, IconReceiptRefund, IconSettings, IconShieldCheck, IconUsers } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useTokenRejection } from '../lib/token-status.ts';
import { useActiveEnvironment } from '../lib/use-environment.ts';
import { ColorSchemeToggle } from './color-scheme-toggle.tsx';
import { useAfterFirstContent } from './first-content.ts';
import { sessionEndedStore } from './session-ended.ts';
// For its effect: the notifications' place and limit, before any notice is shown.
import './notifications-config.ts';
import { withPageStyles } from './page-loader.ts';
import { ProductionBanner } from './production-banner.tsx';
import { ProxyNotice } from './proxy-notice.tsx';
import { TeamAccount } from './team-account.tsx';
import { ApprovalsCountLink, ApprovalsNavLink, BurgerWithApprovals } from '../features/approvals/approvals-count-link.tsx';
import { useIsTeamMode, useTeamMe } from '../lib/use-team.ts';
import { consoleWidePermissionsOf } from '../../contract/console-permissions.ts';
import type { Permission } from '../../contract/permissions.ts';

const AUDIT_PERMISSION: Permission = 'read:audit';
const USERS_PERMISSION: Permission = 'manage:users';

// Team mode only, when a session ends under a page: its dialog and form styles come with it, not up front.
const SignInAgain = lazy(async () => ({
  default: (await withPageStyles(() => import('../features/team-session/sign-in-again.tsx'))).SignInAgain,
}));
const JournalDrawer = lazy(async () => ({
  default: (await withPageStyles(() => import('../features/journal/journal-drawer.tsx'))).JournalDrawer,
}));
// Off the first screen's path (zod, a request): it only ever shows up in a sandbox with a fault
// armed. Both load after the page's first content (first-content.ts).
const FaultsIndicator = lazy(async () => ({ default: (await import('../features/faults/faults-indicator.tsx')).FaultsIndicator }));
const NotificationsHost = lazy(async () => ({ default: (await import('./notifications-host.tsx')).NotificationsHost }));

const noSubscription = () => () => undefined;
/** False in the pre-rendered frame and while hydrating it, true once the app runs in the browser. */
const useInBrowser = () => useSyncExternalStore(noSubscription, () => true, () => false);

const NAV = [
  { to: '/orders', label: 'Orders', icon: IconList, exact: true },
  { to: '/orders/new', label: 'New order', icon: IconPlus, exact: true },
  { to: '/refunds/bulk', label: 'Bulk refunds', icon: IconReceiptRefund, exact: true },
  // Issue 18: the sandbox's figures; a sandbox's page only.
  { to: '/overview', label: 'Overview', icon: IconChartBar, exact: true, sandboxOnly: true },
  { to: '/scenarios', label: 'Scenarios', icon: IconChecklist, exact: true },
  // D13: the sandbox's fault injection; like Overview, not offered where there is no sandbox (proxy mode, a real service).
  { to: '/faults', label: 'Faults', icon: IconBolt, exact: true, sandboxOnly: true },
  { to: '/settings', label: 'Settings', icon: IconSettings, exact: true },
  // D16: for an admin of the whole console (read:audit from /api/me's grants, once in the browser).
  { to: '/audit', label: 'Audit log', icon: IconShieldCheck, exact: true, auditOnly: true },
  { to: '/users', label: 'Users', icon: IconUsers, exact: true, usersOnly: true },
] as const;

const MAIN_ID = 'main-content';

/** Focus moves to the page itself, and the address stays as it is (no #main-content in it). */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById(MAIN_ID)?.focus();
}

interface AppShellLayoutProps {
  /** Shows the audit link whatever /api/me says (tests); team mode shows it to admins anyway. */
  auditVisible?: boolean;
}

export function AppShellLayout({ auditVisible = false }: AppShellLayoutProps = {}) {
  const [navOpened, nav] = useDisclosure(false);
  const [journalOpened, journalDrawer] = useDisclosure(false);
  const environment = useActiveEnvironment();
  const rejection = useTokenRejection(environment.id);
  const location = useLocation();
  const inBrowser = useInBrowser();
  const afterFirstContent = useAfterFirstContent();
  // Its code (the dialog, the form, their styles) loads when a session has ended, not with every team page.
  const sessionEnded = useSyncExternalStore(sessionEndedStore.subscribe, sessionEndedStore.get, () => false);
  const team = useIsTeamMode();
  const me = useTeamMe();
  const consoleWide = inBrowser && team && me !== null ? consoleWidePermissionsOf(me.grants) : [];
  const showAudit = auditVisible || consoleWide.includes(AUDIT_PERMISSION);
  const showUsers = consoleWide.includes(USERS_PERMISSION);

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="md">
      {/* First in the tab order: past the header and the navigation, to the page itself. */}
      <a href={`#${MAIN_ID}`} className="console-skip-link" onClick={skipToContent}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {team && me !== null ? (
              <BurgerWithApprovals opened={navOpened} onClick={nav.toggle} size="sm" label="Toggle navigation" />
            ) : (
              <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            )}
            <Title order={1} size="h4" className="console-title">
              Order Console
            </Title>
            <Badge
              component={Link}
              to="/settings"
              // Production is loud (white on dark red, 5.6:1); the others keep the text in the body
              // colour beside a coloured dot, which stays readable in both schemes. A refused token is
              // red whatever the environment (issue 24): every call fails until it is fixed.
              color={rejection !== null ? 'red' : environment.production ? 'red.9' : environment.sandbox ? 'teal' : 'blue'}
              variant={environment.production ? 'filled' : rejection !== null ? 'light' : 'dot'}
              size="md"
              className="console-chip"
              leftSection={rejection !== null ? <IconKeyOff size={14} aria-hidden /> : undefined}
              // This browser's choice: invisible in the pre-rendered frame (src/console/prerender.tsx).
              data-per-browser
              data-token-rejected={rejection !== null || undefined}
              title={rejection === null ? undefined : `The service rejected the token (${rejection}). Open Settings to fix it.`}
              aria-label={`Active environment: ${environment.name}${environment.production ? ' (production)' : ''}${rejection !== null ? ' (token rejected)' : ''}`}
            >
              {environment.name}
              {/* On a phone the red chip and the banner say it; the words would push the name out. */}
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
          </Group>
          {/* Never squeezed past the edge: the environment chip on the left gives way (ellipsis) instead. */}
          <Group gap="xs" wrap="nowrap" flex="none">
            {/* After hydration: the pre-rendered frame has no boundary for it to leave to the browser. */}
            {inBrowser && afterFirstContent && environment.sandbox && (
              <Suspense fallback={null}>
                <FaultsIndicator key={environment.id} environment={environment} />
              </Suspense>
            )}
            {/* On a phone the journal is in the menu (below), so the title and the chip fit here. */}
            <Button variant="subtle" leftSection={<IconListDetails size={18} />} onClick={journalDrawer.open} visibleFrom="sm">
              Journal
            </Button>
            <ColorSchemeToggle />
            {team && me !== null && <ApprovalsCountLink />}
            {team && me !== null && <TeamAccount email={me.email} />}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <nav aria-label="Main">
          {NAV.filter((item) => (!('sandboxOnly' in item) || environment.sandbox) && (!('auditOnly' in item) || showAudit) && (!('usersOnly' in item) || showUsers)).map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={<item.icon size={18} />}
              active={location.pathname === item.to}
              aria-current={location.pathname === item.to ? 'page' : undefined}
              onClick={nav.close}
            />
          ))}
          {team && me !== null && <ApprovalsNavLink active={location.pathname === '/approvals'} onClick={nav.close} />}
          <NavLink
            component="button"
            type="button"
            label="Request journal"
            leftSection={<IconListDetails size={18} />}
            hiddenFrom="sm"
            onClick={() => {
              nav.close();
              journalDrawer.open();
            }}
          />
        </nav>
        <Text size="xs" c="dimmed" mt="auto" p="xs">
          Order Service partner interface v2
        </Text>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className="console-main">
        {environment.production && <ProductionBanner name={environment.name} />}
        <ProxyNotice environment={environment} />
        <Outlet />
      </AppShell.Main>
      {/* Inside the router, so a notice can hold a <Link> (see providers.tsx). */}
      {afterFirstContent && (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      )}
      {team && sessionEnded && (
        <Suspense fallback={null}>
          <SignInAgain email={me?.email ?? null} />
        </Suspense>
      )}
      {journalOpened && (
        <Suspense fallback={null}>
          <JournalDrawer opened={journalOpened} onClose={journalDrawer.close} />
        </Suspense>
      )}
    </AppShell>
  );
}

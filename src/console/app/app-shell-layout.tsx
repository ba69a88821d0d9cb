import { useDisclosure } from '@mantine/hooks';
import { IconBolt, IconChartBar, IconChecklist, IconList, IconListDetails, IconPlus, IconReceiptRefund, IconServer, IconSettings, IconShieldCheck, IconUserCircle, IconUsers } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useInAppLinkClicks } from '../lib/link-clicks.ts';
import { useTokenRejection } from '../lib/token-status.ts';
import { useActiveEnvironment } from '../lib/use-environment.ts';
import { ColorSchemeToggle } from './color-scheme-toggle.tsx';
import { useAfterFirstContent } from './first-content.ts';
import { useInBrowser } from './use-in-browser.ts';
import { sessionEndedStore } from './session-ended.ts';
// The notifications' place and limit, set for any notice (its module's effect), and when to mount their host.
import { useNoticeShown } from './notifications-config.ts';
import { withPageStyles } from './page-loader.ts';
import { ProductionBanner } from './production-banner.tsx';
import { ProxyNotice } from './proxy-notice.tsx';
import { EnvironmentChip, GROUP_CLASS, HEADER_BAR_STYLE, HEADER_END_STYLE, HEADER_START_STYLE, NarrowEnvironmentLink, NarrowNavButton, NavFootnote, ShellBurger, ShellHeader, ShellNavbar, ShellNavLink, ShellRoot, ShellTitle, WideSubtleButton } from './shell-parts.tsx';
import { loadable } from './loadable.tsx';
import { useIsTeamMode, useTeamMe } from '../lib/use-team.ts';
import { consoleWidePermissionsOf } from '../../contract/console-permissions.ts';
import type { Permission } from '../../contract/permissions.ts';

const AUDIT_PERMISSION: Permission = 'read:audit';
const USERS_PERMISSION: Permission = 'manage:users';

// Team mode only, when a session ends under a page: its dialog and form styles come with it, not up front.
const SignInAgain = loadable(async () => (await withPageStyles(() => import('../features/team-session/sign-in-again.tsx'))).SignInAgain, () => null);
// Team mode: the idle clock's warning before the session ends (loaded after the first content).
const SessionClock = loadable(async () => (await withPageStyles(() => import('../features/team-session/session-clock.tsx'))).SessionClock, () => null);
const JournalDrawer = loadable(async () => (await withPageStyles(() => import('../features/journal/journal-drawer.tsx'))).JournalDrawer, () => null);
// Off the first screen's path (a request): it only ever shows up in a sandbox with a fault armed. It
// loads after the page's first content (first-content.ts); the notices' host with the first notice.
const FaultsIndicator = loadable(async () => (await import('../features/faults/faults-indicator.tsx')).FaultsIndicator, () => null);
const NotificationsHost = loadable(async () => (await import('./notifications-host.tsx')).NotificationsHost, () => null);

// Team mode's parts (team-shell-parts.tsx), loaded once the shell runs in team mode. Until then the
// burger is the plain one (no count yet) and the rest is not there.
const loadTeamShellParts = () => import('./team-shell-parts.tsx');
interface TeamBurgerProps {
  opened: boolean;
  onClick: () => void;
  size: 'sm';
  label: string;
}
const TeamBurger = loadable<TeamBurgerProps>(async () => (await loadTeamShellParts()).BurgerWithApprovals, ({ opened, onClick }) => <ShellBurger opened={opened} onClick={onClick} />);
const TeamHeaderActions = loadable(async () => (await loadTeamShellParts()).TeamHeaderActions, () => null);
const TeamApprovalsNavLink = loadable(async () => (await loadTeamShellParts()).ApprovalsNavLink, () => null);

/** Team mode's parts of the shell, loaded: a page the console server renders has them before its render and its hydration. */
export async function preloadTeamShellParts(): Promise<void> {
  await Promise.all([TeamBurger.preload(), TeamHeaderActions.preload(), TeamApprovalsNavLink.preload()]);
}

const NAV = [
  { to: '/orders', label: 'Orders', icon: <IconList size={18} />, exact: true },
  // `requires`: in team mode, left out for a person whose role allows it in no environment at all;
  // where only the current environment forbids it, the page says why instead.
  { to: '/orders/new', label: 'New order', icon: <IconPlus size={18} />, exact: true, requires: 'create:order' },
  { to: '/refunds/bulk', label: 'Bulk refunds', icon: <IconReceiptRefund size={18} />, exact: true, requires: 'request:refund' },
  // The sandbox's figures; a sandbox's page only.
  { to: '/overview', label: 'Overview', icon: <IconChartBar size={18} />, exact: true, sandboxOnly: true },
  { to: '/scenarios', label: 'Scenarios', icon: <IconChecklist size={18} />, exact: true, requires: 'run:scenarios' },
  // D13: the sandbox's fault injection; like Overview, not offered where there is no sandbox (proxy mode, a real service).
  { to: '/faults', label: 'Faults', icon: <IconBolt size={18} />, exact: true, sandboxOnly: true, requires: 'create:order' },
  { to: '/settings', label: 'Settings', icon: <IconSettings size={18} />, exact: true },
  // D16: for an admin of the whole console (read:audit from /api/me's grants, once in the browser).
  { to: '/audit', label: 'Audit log', icon: <IconShieldCheck size={18} />, exact: true, auditOnly: true },
  { to: '/users', label: 'Users', icon: <IconUsers size={18} />, exact: true, usersOnly: true },
  // Team mode: the signed-in person's password and second factors (docs/accounts.md).
  { to: '/account', label: 'Your account', icon: <IconUserCircle size={18} />, exact: true, teamOnly: true },
] as const;

const MAIN_ID = 'main-content';
const journalIcon = <IconListDetails size={18} />;

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
  const noticeShown = useNoticeShown();
  // Its code (the dialog, the form, their styles) loads when a session has ended, not with every team page.
  const sessionEnded = useSyncExternalStore(sessionEndedStore.subscribe, sessionEndedStore.get, () => false);
  const team = useIsTeamMode();
  const me = useTeamMe();
  const consoleWide = inBrowser && team && me !== null ? consoleWidePermissionsOf(me.grants) : [];
  const showAudit = auditVisible || consoleWide.includes(AUDIT_PERMISSION);
  const showUsers = consoleWide.includes(USERS_PERMISSION);
  // What this person may do in at least one environment (null outside team mode: everything).
  const anywhere = team && me !== null ? new Set(me.environments.flatMap((e) => e.permissions)) : null;

  // The links of the navigation and the chip are plain <a>: one handler keeps their clicks in the app.
  const followLink = useInAppLinkClicks();
  const onNavClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]') !== null) nav.close();
    followLink(event);
  };

  return (
    <ShellRoot navOpened={navOpened}>
      {/* First in the tab order: past the header and the navigation, to the page itself. */}
      <a href={`#${MAIN_ID}`} className="console-skip-link" onClick={skipToContent}>
        Skip to content
      </a>
      <ShellHeader>
        <div style={HEADER_BAR_STYLE} className={`${GROUP_CLASS} console-header-bar`}>
          <div style={HEADER_START_STYLE} className={GROUP_CLASS}>
            {team && me !== null ? (
              <TeamBurger opened={navOpened} onClick={nav.toggle} size="sm" label="Toggle navigation" />
            ) : (
              <ShellBurger opened={navOpened} onClick={nav.toggle} />
            )}
            <ShellTitle />
            <EnvironmentChip environment={environment} rejection={rejection} onClick={followLink} />
          </div>
          {/* Never squeezed past the edge: the environment chip on the left gives way (ellipsis) instead. */}
          <div style={HEADER_END_STYLE} className={GROUP_CLASS}>
            {/* After hydration: the pre-rendered frame has no boundary for it to leave to the browser. */}
            {inBrowser && afterFirstContent && environment.sandbox && (
              <FaultsIndicator key={environment.id} environment={environment} />
            )}
            {/* On a phone the journal is in the menu (below), so the title and the chip fit here. */}
            <WideSubtleButton icon={journalIcon} label="Journal" onClick={journalDrawer.open} />
            <ColorSchemeToggle />
            {team && me !== null && <TeamHeaderActions email={me.email} />}
          </div>
        </div>
      </ShellHeader>
      <ShellNavbar>
        <nav aria-label="Main" onClick={onNavClick}>
          <NarrowEnvironmentLink icon={<IconServer size={18} />} environment={environment} />
          {NAV.filter((item) => (!('sandboxOnly' in item) || environment.sandbox) && (!('auditOnly' in item) || showAudit) && (!('usersOnly' in item) || showUsers) && (!('teamOnly' in item) || (inBrowser && team && me !== null)) && (!('requires' in item) || anywhere === null || anywhere.has(item.requires))).map((item) => (
            <ShellNavLink key={item.to} to={item.to} icon={item.icon} label={item.label} active={location.pathname === item.to} />
          ))}
          {team && me !== null && <TeamApprovalsNavLink active={location.pathname === '/approvals'} onClick={nav.close} />}
          <NarrowNavButton
            icon={journalIcon}
            label="Request journal"
            onClick={() => {
              nav.close();
              journalDrawer.open();
            }}
          />
        </nav>
        <NavFootnote>Order Service partner interface v2</NavFootnote>
      </ShellNavbar>
      <main className="m_8983817 mantine-AppShell-main console-main" id={MAIN_ID} tabIndex={-1}>
        {environment.production && <ProductionBanner name={environment.name} />}
        <ProxyNotice environment={environment} />
        <Outlet />
      </main>
      {/* Inside the router, so a notice can hold a <Link> (see providers.tsx). */}
      {afterFirstContent && noticeShown && (
        <NotificationsHost />
      )}
      {team && me !== null && inBrowser && afterFirstContent && (
        <SessionClock />
      )}
      {team && sessionEnded && (
        <SignInAgain email={me?.email ?? null} />
      )}
      {journalOpened && (
        <JournalDrawer opened={journalOpened} onClose={journalDrawer.close} />
      )}
    </ShellRoot>
  );
}

import { IconKeyOff } from '@tabler/icons-react';
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { startTransition, useEffect, useState } from 'react';
import type { Environment } from '../lib/environments.ts';

// The app shell's parts as plain elements carrying Mantine's own classes, CSS variables and data
// attributes: the markup Mantine's AppShell, Burger, Title, Badge, Button, NavLink, Group
// and Text render for the shell's props, without their runtime (style resolution per element, style
// props, the app shell's media styles computed and injected on every load, react-remove-scroll).
// Their stylesheets are loaded up front (shell-styles.ts); the shell's own rules are in console.css.
// shell-parts.test.tsx renders each part beside the Mantine component it stands for and fails when
// the two differ, so a Mantine upgrade or a theme change cannot make them drift apart.

/** CSS custom properties in a style object. */
type Vars = CSSProperties & Record<`--${string}`, string>;

/** How long Mantine's AppShell waits after mounting or a window resize before it animates its parts again. */
const TRANSITION_MS = 200;

const ROOT_STYLE: Vars = { '--app-shell-transition-duration': `${TRANSITION_MS}ms`, '--app-shell-transition-timing-function': 'ease' };
const HEADER_STYLE: Vars = { '--app-shell-header-z-index': '100' };
const NAVBAR_STYLE: Vars = { '--app-shell-navbar-z-index': 'calc(100 + 1)', padding: 'var(--mantine-spacing-xs)' };

/**
 * True from the first render until TRANSITION_MS after it, and during a window resize: the shell's
 * parts jump to their place instead of sliding there (Mantine's AppShell, data-resizing).
 */
function useResizing(): boolean {
  const [resizing, setResizing] = useState(true);
  useEffect(() => {
    let timer = window.setTimeout(() => startTransition(() => setResizing(false)), TRANSITION_MS);
    const onResize = () => {
      setResizing(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => startTransition(() => setResizing(false)), TRANSITION_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, []);
  return resizing;
}

/**
 * Mantine's AppShell root (fixed mode). `navOpened`: the navigation shown on a phone; the widths and
 * offsets it implies are console.css's, where Mantine computes them on every render.
 */
export function ShellRoot({ navOpened, children }: { navOpened: boolean; children: ReactNode }) {
  const resizing = useResizing();
  return (
    <div style={ROOT_STYLE} className="m_89ab340 mantine-AppShell-root console-shell" data-resizing={resizing || undefined} data-mode="fixed" data-nav-opened={navOpened || undefined}>
      {children}
    </div>
  );
}

/** The 56 px header. right-scroll-bar-position: a dialog's scroll lock keeps it clear of the scrollbar. */
export function ShellHeader({ children }: { children: ReactNode }) {
  return (
    <header style={HEADER_STYLE} className="m_3b16f56b mantine-AppShell-header right-scroll-bar-position" data-with-border="true">
      {children}
    </header>
  );
}

/** The navigation's 220 px column (the whole width on a phone, when open). */
export function ShellNavbar({ children }: { children: ReactNode }) {
  return (
    <nav style={NAVBAR_STYLE} className="m_45252eee mantine-AppShell-navbar" data-with-border="true">
      {children}
    </nav>
  );
}

/** Mantine's Group (gap xs, no wrapping). */
const group = (justify: 'flex-start' | 'space-between', extra: CSSProperties): Vars => ({
  '--group-gap': 'var(--mantine-spacing-xs)',
  '--group-align': 'center',
  '--group-justify': justify,
  '--group-wrap': 'nowrap',
  ...extra,
});
export const GROUP_CLASS = 'm_4081bf90 mantine-Group-root';
/** The header's row; its side padding (xs, md from the xs breakpoint) is console.css's .console-header-bar. */
export const HEADER_BAR_STYLE = group('space-between', { height: '100%' });
/** The title and the environment chip: the chip gives way (ellipsis) when the row is short of room. */
export const HEADER_START_STYLE = group('flex-start', { minWidth: '0rem' });
/** The header's actions, never squeezed. */
export const HEADER_END_STYLE = group('flex-start', { flex: 'none' });

const BURGER_STYLE: Vars = { '--burger-size': 'var(--burger-size-sm)' };

/** Mantine's Burger (size sm), shown below the `sm` breakpoint. */
export function ShellBurger({ opened, onClick }: { opened: boolean; onClick: () => void }) {
  return (
    <button
      style={BURGER_STYLE}
      className="mantine-focus-auto m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root mantine-hidden-from-sm"
      data-size="sm"
      type="button"
      aria-label="Toggle navigation"
      onClick={onClick}
    >
      <div className="m_d4fb9cad mantine-Burger-burger" data-reduce-motion="true" data-opened={opened || undefined} />
    </button>
  );
}

const TITLE_STYLE: Vars = { '--title-fw': 'var(--mantine-h4-font-weight)', '--title-lh': 'var(--mantine-h4-line-height)', '--title-fz': 'var(--mantine-h4-font-size)' };

/** Mantine's Title (h1, at the size of an h4). */
export function ShellTitle() {
  return (
    <h1 style={TITLE_STYLE} className="console-title m_8a5d1357 mantine-Title-root" data-size="h4" data-order="1">
      Order Console
    </h1>
  );
}

const BADGE_SIZE = { '--badge-height': 'var(--badge-height-md)', '--badge-padding-x': 'var(--badge-padding-x-md)', '--badge-fz': 'var(--badge-fz-md)' };
const BADGE_BORDERLESS = 'calc(0.0625rem * var(--mantine-scale)) solid transparent';
/** Mantine's Badge variables for each look of the chip (white text: the theme's auto contrast on red). */
type ChipLook = 'sandbox' | 'service' | 'production' | 'rejected' | 'production-rejected';
const CHIP_STYLES: Record<ChipLook, Vars> = {
  sandbox: { ...BADGE_SIZE, '--badge-dot-color': 'var(--mantine-color-teal-filled)' },
  service: { ...BADGE_SIZE, '--badge-dot-color': 'var(--mantine-color-blue-filled)' },
  production: { ...BADGE_SIZE, '--badge-bg': 'var(--mantine-color-red-9)', '--badge-color': 'var(--mantine-color-white)', '--badge-bd': BADGE_BORDERLESS },
  rejected: { ...BADGE_SIZE, '--badge-bg': 'var(--mantine-color-red-light)', '--badge-color': 'var(--mantine-color-red-light-color)', '--badge-bd': BADGE_BORDERLESS },
  'production-rejected': { ...BADGE_SIZE, '--badge-bg': 'var(--mantine-color-red-filled)', '--badge-color': 'var(--mantine-color-white)', '--badge-bd': BADGE_BORDERLESS },
};

/** Words the chip adds from the `sm` breakpoint: on a phone the red chip and the banner say it. */
function WideOnly({ children }: { children: string }) {
  return (
    <span className="mantine-focus-auto m_b6d8b162 mantine-Text-root mantine-visible-from-sm" data-inherit="true">
      {children}
    </span>
  );
}

/**
 * The header's environment chip, Mantine's Badge as a link to Settings. Production is loud (white on
 * dark red, 5.6:1); the others keep the text in the body colour beside a coloured dot, which stays
 * readable in both schemes. A refused token is red whatever the environment: every call
 * fails until it is fixed. `onClick` keeps the click in the app (lib/link-clicks.ts).
 */
export function EnvironmentChip({ environment, rejection, onClick }: { environment: Environment; rejection: string | null; onClick: (event: MouseEvent) => void }) {
  const rejected = rejection !== null;
  const look: ChipLook = environment.production ? (rejected ? 'production-rejected' : 'production') : rejected ? 'rejected' : environment.sandbox ? 'sandbox' : 'service';
  return (
    <a
      style={CHIP_STYLES[look]}
      className={environment.production || rejected ? 'console-chip m_347db0ec mantine-Badge-root' : 'm_fbd81e3d console-chip m_347db0ec mantine-Badge-root'}
      data-variant={environment.production ? 'filled' : rejected ? 'light' : 'dot'}
      data-size="md"
      data-with-left-section={rejected || undefined}
      href="/settings"
      // This browser's choice: invisible in the pre-rendered frame (src/console/prerender.tsx).
      data-per-browser="true"
      data-token-rejected={rejected || undefined}
      title={rejected ? `The service rejected the token (${rejection}). Open Settings to fix it.` : undefined}
      aria-label={`Active environment: ${environment.name}${environment.production ? ' (production)' : ''}${rejected ? ' (token rejected)' : ''}`}
      onClick={onClick}
    >
      {rejected && (
        <span className="m_91fdda9b mantine-Badge-section" data-position="left">
          <IconKeyOff size={14} aria-hidden />
        </span>
      )}
      <span className="m_5add502a mantine-Badge-label">
        {environment.name}
        {environment.production && <WideOnly>{' · production'}</WideOnly>}
        {rejected && <WideOnly>{' · token rejected'}</WideOnly>}
      </span>
    </a>
  );
}

const SUBTLE_BUTTON_STYLE: Vars = {
  '--button-bg': 'transparent',
  '--button-hover': 'var(--mantine-color-indigo-light-hover)',
  '--button-color': 'var(--mantine-color-indigo-light-color)',
  '--button-bd': BADGE_BORDERLESS,
};

/** Mantine's subtle Button with an icon on its left, from the `sm` breakpoint. */
export function WideSubtleButton({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <button
      style={SUBTLE_BUTTON_STYLE}
      className="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root mantine-visible-from-sm"
      data-variant="subtle"
      data-with-left-section="true"
      type="button"
      onClick={onClick}
    >
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_a74036a mantine-Button-section" data-position="left">
          {icon}
        </span>
        <span className="m_811560b9 mantine-Button-label">{label}</span>
      </span>
    </button>
  );
}

/** What Mantine's NavLink holds: the icon, then the label (no description). */
function NavLinkContent({ icon, label, active }: { icon: ReactNode; label: string; active: boolean }) {
  return (
    <>
      <span className="m_690090b5 mantine-NavLink-section" data-position="left">
        {icon}
      </span>
      <div className="m_f07af9d2 mantine-NavLink-body">
        <span className="m_1f6ac4c4 mantine-NavLink-label">{label}</span>
        <span className="m_57492dcc mantine-NavLink-description" data-active={active || undefined} />
      </div>
    </>
  );
}

const NAV_LINK_CLASS = 'mantine-focus-auto m_f0824112 mantine-NavLink-root m_87cf2631 mantine-UnstyledButton-root';

/** Mantine's NavLink as a link; its click is the navigation's (app-shell-layout.tsx). */
export function ShellNavLink({ to, icon, label, active }: { to: string; icon: ReactNode; label: string; active: boolean }) {
  return (
    <a className={NAV_LINK_CLASS} data-active={active || undefined} href={to} aria-current={active ? 'page' : undefined}>
      <NavLinkContent icon={icon} label={label} active={active} />
    </a>
  );
}

/** Below the `sm` breakpoint, where the header's chip has room for a few letters only: the active environment whole. */
export function NarrowEnvironmentLink({ icon, environment }: { icon: ReactNode; environment: Environment }) {
  return (
    <a className={`${NAV_LINK_CLASS} mantine-hidden-from-sm`} href="/settings" data-per-browser="true">
      <NavLinkContent icon={icon} label={`Environment: ${environment.name}${environment.production ? ' (production)' : ''}`} active={false} />
    </a>
  );
}

/** Mantine's NavLink as a button, below the `sm` breakpoint. */
export function NarrowNavButton({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <button className={`${NAV_LINK_CLASS} mantine-hidden-from-sm`} type="button" onClick={onClick}>
      <NavLinkContent icon={icon} label={label} active={false} />
    </button>
  );
}

const FOOTNOTE_STYLE: Vars = {
  '--text-fz': 'var(--mantine-font-size-xs)',
  '--text-lh': 'var(--mantine-line-height-xs)',
  marginTop: 'auto',
  padding: 'var(--mantine-spacing-xs)',
  color: 'var(--mantine-color-dimmed)',
};

/** Mantine's Text (xs, dimmed) at the foot of the navigation. */
export function NavFootnote({ children }: { children: string }) {
  return (
    <p style={FOOTNOTE_STYLE} className="mantine-focus-auto m_b6d8b162 mantine-Text-root" data-size="xs">
      {children}
    </p>
  );
}

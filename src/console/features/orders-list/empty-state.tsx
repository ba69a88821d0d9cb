import { IconFilterOff, IconPackage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// What /orders shows when its list is empty: often a new sandbox's first screen, so it is written
// as the HTML Mantine's Stack, ThemeIcon, Title, Text, Group and Button render (their classes and
// stylesheets), without their components; empty-state.test.tsx compares it with theirs.

const BUTTON = 'mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root';

function EmptyState({ icon, title, children, actions }: { icon: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div
      style={{ '--stack-gap': 'var(--mantine-spacing-xs)', '--stack-align': 'center', '--stack-justify': 'flex-start', paddingBlock: 'calc(3rem * var(--mantine-scale))', textAlign: 'center' }}
      className="m_6d731127 mantine-Stack-root"
    >
      {/* Mantine's ThemeIcon passes radius and color on to the element; kept, so the markup is its own. */}
      <div
        style={{
          '--ti-size': 'calc(3rem * var(--mantine-scale))',
          '--ti-radius': 'var(--mantine-radius-xl)',
          '--ti-bg': 'var(--mantine-color-gray-light)',
          '--ti-color': 'var(--mantine-color-gray-light-color)',
          '--ti-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
        }}
        className="m_7341320d mantine-ThemeIcon-root"
        data-variant="light"
        {...{ radius: 'xl', color: 'gray' }}
      >
        {icon}
      </div>
      <h3 style={{ '--title-fw': 'var(--mantine-h4-font-weight)', '--title-lh': 'var(--mantine-h4-line-height)', '--title-fz': 'var(--mantine-h4-font-size)' }} className="m_8a5d1357 mantine-Title-root" data-size="h4" data-order="3">
        {title}
      </h3>
      <p
        style={{ '--text-fz': 'var(--mantine-font-size-sm)', '--text-lh': 'var(--mantine-line-height-sm)', color: 'var(--mantine-color-dimmed)', maxWidth: 'calc(27.5rem * var(--mantine-scale))' }}
        className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
        data-size="sm"
      >
        {children}
      </p>
      <div
        style={{ '--group-gap': 'var(--mantine-spacing-sm)', '--group-align': 'center', '--group-justify': 'center', '--group-wrap': 'wrap', marginTop: 'var(--mantine-spacing-xs)' }}
        className="m_4081bf90 mantine-Group-root"
      >
        {actions}
      </div>
    </div>
  );
}

export function NoOrdersYet({ hint, secondaryAction }: { hint: string; secondaryAction?: ReactNode }) {
  return (
    <EmptyState
      icon={<IconPackage size={26} />}
      title="No orders yet"
      actions={
        <>
          <Link style={{ '--button-color': 'var(--mantine-color-white)' }} className={BUTTON} to="/orders/new">
            <span className="m_80f1301b mantine-Button-inner">
              <span className="m_811560b9 mantine-Button-label">Create your first order</span>
            </span>
          </Link>
          {secondaryAction}
        </>
      }
    >
      {hint}
    </EmptyState>
  );
}

export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<IconFilterOff size={26} />}
      title="No orders match"
      actions={
        <button
          style={{
            '--button-bg': 'var(--mantine-color-indigo-light)',
            '--button-hover': 'var(--mantine-color-indigo-light-hover)',
            '--button-color': 'var(--mantine-color-indigo-light-color)',
            '--button-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
          }}
          className={BUTTON}
          data-variant="light"
          type="button"
          onClick={onClear}
        >
          <span className="m_80f1301b mantine-Button-inner">
            <span className="m_811560b9 mantine-Button-label">Clear filters</span>
          </span>
        </button>
      }
    >
      Try another status, or part of the order id or external id.
    </EmptyState>
  );
}

import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// The orders page's frame: its heading, what it is for, and New order. The route renders it with
// the first screen while the list's code is still on its way (time to Largest Contentful
// Paint on /orders), and index.html holds it pre-rendered. Written as the HTML Mantine's
// Stack, Group, Title, Text, Button and Paper render, without their components (fewer fibers and
// style resolution before the list shows); orders-layout.test.tsx compares it with theirs.

export function OrdersLayout({ children }: { children: ReactNode }) {
  return (
    <div style={{ '--stack-gap': 'var(--mantine-spacing-lg)', '--stack-align': 'stretch', '--stack-justify': 'flex-start' }} className="m_6d731127 mantine-Stack-root">
      <div style={{ '--group-gap': 'var(--mantine-spacing-md)', '--group-align': 'flex-end', '--group-justify': 'space-between', '--group-wrap': 'wrap' }} className="m_4081bf90 mantine-Group-root">
        <div>
          <h2 style={{ '--title-fw': 'var(--mantine-h2-font-weight)', '--title-lh': 'var(--mantine-h2-line-height)', '--title-fz': 'var(--mantine-h2-font-size)' }} className="m_8a5d1357 mantine-Title-root" data-order="2">
            Orders
          </h2>
          <p style={{ '--text-fz': 'var(--mantine-font-size-sm)', '--text-lh': 'var(--mantine-line-height-sm)', color: 'var(--mantine-color-dimmed)' }} className="mantine-focus-auto m_b6d8b162 mantine-Text-root" data-size="sm">
            Find an order and open it to see its details, refund it or follow its status.
          </p>
        </div>
        <Link
          style={{ '--button-color': 'var(--mantine-color-white)' }}
          className="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root"
          data-with-left-section="true"
          to="/orders/new"
        >
          <span className="m_80f1301b mantine-Button-inner">
            <span className="m_a74036a mantine-Button-section" data-position="left">
              <IconPlus size={18} />
            </span>
            <span className="m_811560b9 mantine-Button-label">New order</span>
          </span>
        </Link>
      </div>
      {children}
    </div>
  );
}

/** The bordered panel that holds the lookup bar and the list (Mantine's Paper and Stack). */
export function OrdersPanel({ children }: { children: ReactNode }) {
  return (
    <div style={{ '--paper-radius': 'var(--mantine-radius-md)', padding: 'var(--mantine-spacing-lg)' }} className="m_1b7284a3 mantine-Paper-root" data-with-border="true">
      <div style={{ '--stack-gap': 'var(--mantine-spacing-md)', '--stack-align': 'stretch', '--stack-justify': 'flex-start' }} className="m_6d731127 mantine-Stack-root">
        {children}
      </div>
    </div>
  );
}

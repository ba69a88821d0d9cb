import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StrictMode, useEffect } from 'react';
import { AppProviders } from './providers.tsx';

/**
 * Everything above the router, the same in the browser (main.tsx) and in the build's pre-render
 * (prerender.tsx): hydration needs the two trees to match. Marks <html data-app> once the app runs,
 * which shows what the pre-rendered HTML keeps hidden (index.html).
 */
export function AppRoot({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  useEffect(() => {
    document.documentElement.setAttribute('data-app', 'running');
  }, []);
  return (
    <StrictMode>
      <AppProviders {...(queryClient !== undefined && { queryClient })}>{children}</AppProviders>
    </StrictMode>
  );
}

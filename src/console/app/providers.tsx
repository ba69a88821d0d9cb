import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { showAuthNotice } from './auth-notice.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * Theme and data. `<Notifications />` is not here but in the shell, inside the router: a notice may
 * hold a router `<Link>` (the 401 notice does), which crashes outside the router's context.
 * deduplicateCssVariables={false}: the provider writes every theme variable itself, so the static
 * default-css-variables.css (4 KB gzip of the first load, issue 6) is not needed.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient(showAuthNotice));
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" deduplicateCssVariables={false}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

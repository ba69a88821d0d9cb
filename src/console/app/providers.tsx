import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { handleAuthError } from './auth-notice.tsx';
import { ConsoleMantineProvider } from './mantine-provider.tsx';
import { theme } from './theme.ts';

/**
 * Theme and data. `<Notifications />` is not here but in the shell, inside the router: a notice may
 * hold a router `<Link>` (the 401 notice does), which crashes outside the router's context.
 * Mantine's provider without its CSS variables and global classes (mantine-provider.tsx):
 * the theme's variables for both colour schemes and the hiddenFrom/visibleFrom classes are static
 * CSS (theme-variables.css, loaded by shell-styles.ts; theme-css.test.tsx keeps it equal to what the
 * provider would write), instead of a long string built from the theme on every load.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient(handleAuthError));
  return (
    <ConsoleMantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ConsoleMantineProvider>
  );
}

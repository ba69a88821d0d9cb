import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { showAuthNotice } from './auth-notice.tsx';
import { theme } from './theme.ts';

/**
 * Theme and data. `<Notifications />` is not here but in the shell, inside the router: a notice may
 * hold a router `<Link>` (the 401 notice does), which crashes outside the router's context.
 * withCssVariables and withGlobalClasses off (issue 27): the theme's variables for both colour schemes
 * and the hiddenFrom/visibleFrom classes are static CSS (theme-variables.css, loaded by
 * shell-styles.ts; theme-css.test.tsx keeps it equal to what the provider would write), instead of a
 * 26 KB string built from the theme on every load and written into the page.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient(showAuthNotice));
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" withCssVariables={false} withGlobalClasses={false}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

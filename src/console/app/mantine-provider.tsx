import { localStorageColorSchemeManager, MantineContext, MantineThemeProvider, useProviderColorScheme } from '@mantine/core';
import type { MantineColorScheme, MantineThemeOverride } from '@mantine/core';
import { useIsomorphicEffect } from '@mantine/hooks';
import type { ReactNode } from 'react';

// Mantine's MantineProvider as the console uses it: withCssVariables and withGlobalClasses off
// (theme-variables.css ships what they would write), so without its CSS-variable and class
// components. Importing those alone costs every load: the module that strips default variables
// resolves Mantine's whole default theme into CSS variables when it is evaluated, whether the
// provider writes any or not. Same context, same theme, same colour-scheme handling
// (useProviderColorScheme, the localStorage manager); mantine-provider.test.tsx compares the two.

const colorSchemeManager = localStorageColorSchemeManager();
const getRootElement = () => document.documentElement;

export function ConsoleMantineProvider({ theme, defaultColorScheme, children }: { theme: MantineThemeOverride; defaultColorScheme: MantineColorScheme; children: ReactNode }) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({ defaultColorScheme, forceColorScheme: undefined, manager: colorSchemeManager, getRootElement });
  const respectReducedMotion = theme.respectReducedMotion === true;
  // As Mantine's provider: a theme that respects reduced motion marks <html> for its styles.
  useIsomorphicEffect(() => {
    if (respectReducedMotion) getRootElement().setAttribute('data-respect-reduced-motion', 'true');
  }, [respectReducedMotion]);
  return (
    <MantineContext
      value={{
        colorScheme,
        setColorScheme,
        clearColorScheme,
        getRootElement,
        classNamesPrefix: 'mantine',
        cssVariablesSelector: ':root',
        withStaticClasses: true,
        deduplicateInlineStyles: false,
      }}
    >
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}

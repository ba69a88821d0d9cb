import { Center, Loader } from '@mantine/core';

/** Shown while the first page's code loads (lazy routes), so the screen is never blank. */
export function AppLoading() {
  return (
    <Center h="100dvh">
      <Loader role="status" aria-label="Loading the console" />
    </Center>
  );
}

import { Center, Loader } from '@mantine/core';

/** Shown where a page goes while its code loads (lazy routes), so the screen is never blank. */
export function AppLoading() {
  return (
    <Center mih="50vh">
      <Loader role="status" aria-label="Loading the console" />
    </Center>
  );
}

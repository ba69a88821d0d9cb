import { ActionIcon, Button, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';

// Team mode (D16): who is signed in, and "Sign out" (a plain form: the server ends the session,
// clears this site's data and sends the browser to /sign-in). On a phone the button keeps its name
// but shows only its icon, so the title and the environment chip keep their room.

export function TeamAccount({ email }: { email: string }) {
  return (
    <>
      <Text size="sm" c="dimmed" visibleFrom="md" className="console-account">
        {email}
      </Text>
      <form method="post" action="/auth/sign-out">
        <Button type="submit" variant="subtle" leftSection={<IconLogout size={18} />} visibleFrom="sm">
          Sign out
        </Button>
        <ActionIcon type="submit" variant="subtle" size="lg" aria-label="Sign out" title="Sign out" hiddenFrom="sm">
          <IconLogout size={18} />
        </ActionIcon>
      </form>
    </>
  );
}

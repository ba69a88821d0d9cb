import { Button, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';

// Team mode (D16): who is signed in, and "Sign out" (a plain form: the server ends the session,
// clears this site's data and sends the browser to /sign-in).

export function TeamAccount({ email }: { email: string }) {
  return (
    <>
      <Text size="sm" c="dimmed" visibleFrom="md" className="console-account">
        {email}
      </Text>
      <form method="post" action="/auth/sign-out">
        <Button type="submit" variant="subtle" leftSection={<IconLogout size={18} />}>
          Sign out
        </Button>
      </form>
    </>
  );
}

import { Alert, Button, Checkbox, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';

// docs/accounts.md: the 10 recovery codes, shown once, right after an authenticator app is turned on.
// The console keeps only their HMACs: the person keeps them, and each signs in once without the app.

export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [kept, setKept] = useState(false);
  return (
    <Stack gap="sm">
      <Alert color="green" variant="light" title="Authenticator app on" role="status">
        <Text size="sm">
          These recovery codes each sign you in once if you lose your phone. Keep them somewhere safe, away from it (a password manager, a printout).
          They are shown only now.
        </Text>
      </Alert>
      <SimpleGrid cols={2} spacing="xs" maw={320} component="ol" aria-label="Recovery codes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {codes.map((code) => (
          <Text key={code} component="li" ff="monospace" size="md">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')} timeout={1500}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
              {copied ? 'Copied' : 'Copy the codes'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Checkbox label="I have kept my recovery codes" checked={kept} onChange={(event) => setKept(event.currentTarget.checked)} />
      <Group>
        <Button disabled={!kept} onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { isHttpUrl } from '../../../contract/http-url.ts';

/**
 * The order's redirect_url. It comes from the service, so it becomes a link only with an http(s)
 * scheme: a `javascript:` or `data:` URL stays inert text, with a warning.
 */
export function CheckoutLink({ url }: { url: string }) {
  if (isHttpUrl(url)) {
    return (
      <Stack gap={6} align="flex-start">
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          variant="light"
          rightSection={<IconExternalLink size={14} />}
          // On a phone the value column is narrower than the button's one line: it wraps inside the
          // Details card instead of running out of it.
          maw="100%"
          h="auto"
          py={4}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          Open checkout
        </Button>
        <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {url === '' ? '(empty)' : url}
      </Text>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" title="Not a safe link">
        The redirect URL does not start with http:// or https://, so the console does not open it.
      </Alert>
    </Stack>
  );
}

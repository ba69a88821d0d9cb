import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Compact, and sticky under the header (console.css): it stays in view while the page scrolls. */
export function ProductionBanner({ name }: { name: string }) {
  return (
    <Alert color="red" variant="filled" icon={<IconAlertTriangle size={18} />} mb="md" p="xs" role="alert" className="console-production-banner">
      <Text size="sm" fw={700} span>
        Production: {name}
      </Text>
      <Text size="sm" span>
        {' · '}Actions here create and refund real orders with real money.
      </Text>
    </Alert>
  );
}

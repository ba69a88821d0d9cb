import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export function ProductionBanner({ name }: { name: string }) {
  return (
    <Alert color="red" variant="filled" icon={<IconAlertTriangle />} mb="md" role="alert" title={`Production: ${name}`}>
      Actions here create and refund real orders with real money.
    </Alert>
  );
}

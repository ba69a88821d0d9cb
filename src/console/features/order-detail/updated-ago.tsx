import { Text } from '@mantine/core';
import type { TextProps } from '@mantine/core';
import { formatAge } from './order-format.ts';
import { useNow } from './use-now.ts';

/** "Updated 12 seconds ago", kept current by a once-a-second tick. */
export function UpdatedAgo({ at, prefix, ...props }: { at: number; prefix: string } & Omit<TextProps, 'children'>) {
  const now = useNow();
  return (
    <Text size="xs" c="dimmed" {...props}>
      {prefix} {formatAge(now - at)}
    </Text>
  );
}

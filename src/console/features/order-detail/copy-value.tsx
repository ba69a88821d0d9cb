import { ActionIcon, CopyButton, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { LaterTooltip } from './after-heading.tsx';

/** A value in monospace with a copy button; `label` names the value for screen readers ("order id"). */
export function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
      {value !== '' && (
        <CopyButton value={value} timeout={1500}>
          {({ copied, copy }) => (
            <LaterTooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" onClick={copy} aria-label={`Copy ${label}`}>
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </LaterTooltip>
          )}
        </CopyButton>
      )}
    </Group>
  );
}

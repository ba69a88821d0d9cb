import { Alert, Button, Checkbox, Code, CopyButton, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { orderServicePaths } from '../../../contract/paths.ts';
import { serviceUrl } from '../../lib/api-client.ts';
import { buildCurl } from '../../lib/curl.ts';
import type { Environment } from '../../lib/environments.ts';
import { getToken } from '../../lib/environments.ts';
import { formIssues } from './form-schema.ts';
import type { CreateOrderFormValues } from './form-values.ts';
import { toRequestBody } from './form-values.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  environment: Environment;
  getValues: () => CreateOrderFormValues;
}

export function RequestPreviewModal({ opened, onClose, environment, getValues }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Request preview" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Mounted only while open, so the body is read from the form at the moment it opens. */}
      {opened && <PreviewContent environment={environment} values={getValues()} />}
    </Modal>
  );
}

function PreviewContent({ environment, values }: { environment: Environment; values: CreateOrderFormValues }) {
  const [includeToken, setIncludeToken] = useState(false);
  const body = useMemo(() => JSON.stringify(toRequestBody(values)), [values]);
  const pretty = useMemo(() => JSON.stringify(toRequestBody(values), null, 2), [values]);
  const issues = useMemo(() => formIssues(values), [values]);
  const url = serviceUrl(environment, orderServicePaths.orderCreate());
  // The token is read only when the user asks for it, so a masked command never holds it.
  const curl = buildCurl({ method: 'POST', url, body, token: includeToken ? getToken(environment.id) : '', includeToken });

  return (
    <Stack gap="md">
      <Text size="sm">
        <Text span inherit ff="monospace" fw={600}>
          POST {url}
        </Text>{' '}
        on {environment.name}. The body is sent as compact JSON; it is shown indented here.
      </Text>
      {issues.length > 0 && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={`The form has ${issues.length} ${issues.length === 1 ? 'problem' : 'problems'}`}>
          <Text size="sm">Create order sends nothing until they are fixed:</Text>
          <List size="sm" mt={4}>
            {issues.slice(0, 10).map((issue) => (
              <List.Item key={`${issue.path}:${issue.message}`}>
                <Text span inherit ff="monospace">
                  {issue.path}
                </Text>
                : {issue.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <div>
        <Group justify="space-between" mb={4}>
          <Text fw={600} size="sm">
            JSON body
          </Text>
          <CopyAction value={pretty} label="Copy JSON" />
        </Group>
        <ScrollArea.Autosize mah={360} type="auto">
          <Code block data-testid="request-preview-json">
            {pretty}
          </Code>
        </ScrollArea.Autosize>
      </div>
      <div>
        <Group justify="space-between" mb={4}>
          <Text fw={600} size="sm">
            curl
          </Text>
          <Group gap="md">
            <Checkbox label="Include token" checked={includeToken} onChange={(event) => setIncludeToken(event.currentTarget.checked)} />
            <CopyAction value={curl} label="Copy as curl" />
          </Group>
        </Group>
        {includeToken && (
          <Text size="xs" c="red" mb={4}>
            The command now contains the token for {environment.name}. Do not paste it into tickets or chats.
          </Text>
        )}
        <ScrollArea.Autosize mah={200} type="auto">
          <Code block data-testid="request-preview-curl">
            {curl}
          </Code>
        </ScrollArea.Autosize>
      </div>
    </Stack>
  );
}

function CopyAction({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Button size="xs" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy}>
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}

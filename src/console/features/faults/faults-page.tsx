import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBoltOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FaultRuleRequest } from '../../../contract/faults.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { useActiveEnvironment } from '../../lib/use-environment.ts';
import { useServerConfig } from '../../lib/use-server-config.ts';
import { withoutToken } from '../../lib/without-token.ts';
import { ArmedFaults } from './armed-faults.tsx';
import { faultsUnavailableReason } from './fault-availability.ts';
import { faultQueries, useArmFault, useDisarmAllFaults, useDisarmFault } from './fault-api.ts';
import { FaultPresetList } from './fault-preset-list.tsx';
import type { FaultPreset } from './fault-presets.ts';
import { armedMessage, FaultRuleForm } from './fault-rule-form.tsx';

// docs/decisions.md D13: make the sandbox fail on purpose, per token, counted and visible.

const failed = (title: string, error: unknown) =>
  notifications.show({ color: 'red', title, message: withoutToken(error instanceof Error ? error.message : String(error)), autoClose: false });

function FaultsPanel({ environment }: { environment: Environment }) {
  const list = useQuery(faultQueries.list(environment));
  const arm = useArmFault(environment);
  const disarm = useDisarmFault(environment);
  const disarmAll = useDisarmAllFaults(environment);
  const [arming, setArming] = useState<string | null>(null);
  const [disarming, setDisarming] = useState<string | null>(null);

  const armed = (rule: FaultRuleRequest) =>
    notifications.show({ color: 'orange', title: 'Fault armed', message: armedMessage(rule) });

  const armPreset = (preset: FaultPreset) => {
    setArming(preset.id);
    arm.mutate(preset.rule, {
      onSuccess: () => armed(preset.rule),
      onError: (error) => failed(`Could not arm “${preset.title}”`, error),
      onSettled: () => setArming(null),
    });
  };

  const disarmOne = (id: string) => {
    setDisarming(id);
    disarm.mutate(id, {
      // Gone already (used up meanwhile): the list, read again, says so.
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === 404)) failed('Could not disarm the rule', error);
      },
      onSettled: () => setDisarming(null),
    });
  };

  const disarmEverything = () => {
    setDisarming('all');
    disarmAll.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', title: 'All faults disarmed', message: 'The sandbox answers this token’s calls as usual.' }),
      onError: (error) => failed('Could not disarm the rules', error),
      onSettled: () => setDisarming(null),
    });
  };

  return (
    <>
      <ArmedFaults
        rules={list.data}
        loadError={list.data === undefined ? list.error : null}
        disarming={disarming}
        onDisarm={disarmOne}
        onDisarmAll={disarmEverything}
        onReload={() => void list.refetch()}
      />
      <FaultPresetList arming={arming} onArm={armPreset} />
      <FaultRuleForm arm={(rule) => arm.mutateAsync(rule)} onArmed={armed} />
    </>
  );
}

export function FaultsPage() {
  const environment = useActiveEnvironment();
  const config = useServerConfig();
  const reason = faultsUnavailableReason(environment, config);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Faults</Title>
        <Text c="dimmed" size="sm" maw={760}>
          Make the sandbox fail on purpose: error answers, slow answers, answers that never come. Rules act on this token&apos;s
          partner calls (/psp/) only, fire the number of times given, and are listed here until used up.
        </Text>
      </div>
      {reason === null ? (
        <FaultsPanel key={environment.id} environment={environment} />
      ) : (
        <Alert color="gray" variant="light" icon={<IconBoltOff size={18} />} title="Faults are not available here">
          <Text size="sm" mb="xs">
            {reason}
          </Text>
          <Button component={Link} to="/settings" size="xs" variant="light">
            Open Settings
          </Button>
        </Alert>
      )}
    </Stack>
  );
}

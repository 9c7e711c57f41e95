import type { ReactNode } from 'react';
import { Alert, Badge, Group, Loader, Title } from '@mantine/core';
import type { CombinedError } from 'urql';
import { useI18n } from './i18n';
import { errorMessage } from './session';

/** A page's heading with its actions. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md">
      <Title order={2}>{title}</Title>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}

/** What a query is doing: loading, failed, or its content. */
export function Loading({ fetching, error, children }: { fetching: boolean; error?: CombinedError; children: ReactNode }) {
  const { t } = useI18n();
  if (error) return <ErrorNote error={error} />;
  if (fetching && !children) return <Loader aria-label={t('common.loading')} />;
  return <>{children}</>;
}

export function ErrorNote({ error }: { error?: CombinedError | Error | null }) {
  const { t } = useI18n();
  const m = errorMessage(error);
  if (!m) return null;
  return (
    <Alert color="red" role="alert" title={t('common.error')} mb="md">
      {m}
    </Alert>
  );
}

const COLORS: Record<string, string> = {
  published: 'green',
  approved: 'green',
  delivered: 'green',
  captured: 'green',
  shipped: 'green',
  completed: 'green',
  active: 'green',
  executed: 'green',
  succeeded: 'green',
  ready: 'green',
  accepted: 'green',
  running: 'blue',
  new: 'blue',
  sent: 'blue',
  awaiting_setup: 'yellow',
  paused: 'yellow',
  past_due: 'orange',
  incomplete: 'gray',
  expired: 'gray',
  disabled: 'gray',
  draft: 'gray',
  pending: 'yellow',
  scheduled: 'blue',
  authorized: 'blue',
  rejected: 'red',
  failed: 'red',
  declined: 'red',
  canceled: 'red',
  archived: 'dark',
  // assistant jobs, social posts and ad channels
  queued: 'yellow',
  publishing: 'blue',
  partial: 'yellow',
  ok: 'green',
  unavailable: 'red',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="dot" c="dark.8" miw="max-content">
      {status.replace(/_/g, ' ')}
    </Badge>
  );
}

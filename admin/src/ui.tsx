import type { ReactNode } from 'react';
import { Alert, Badge, Group, Loader, NativeSelect, Pagination, Table, Text, TextInput, Title } from '@mantine/core';
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

/**
 * A page of a list as a table: its column headers, the rows (`children`), "nothing here yet" when
 * the list is empty, and the pages when there are more than one.
 */
export function ListTable(props: { headers: ReactNode[]; count: number; page: number; pageSize: number; onPage: (page: number) => void; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {props.headers.map((h, i) => (
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{props.children}</Table.Tbody>
      </Table>
      {props.count === 0 && <Text mt="md">{t('common.none')}</Text>}
      {props.count > props.pageSize && (
        <Pagination
          mt="md"
          total={Math.ceil(props.count / props.pageSize)}
          value={props.page}
          onChange={props.onPage}
          getControlProps={(control) => ({ 'aria-label': control })}
        />
      )}
    </>
  );
}

/** A list page's status filter: all, or one of `statuses` (shown with spaces for underscores). */
export function StatusFilter({ value, statuses, onChange }: { value: string; statuses: readonly string[]; onChange: (status: string) => void }) {
  const { t } = useI18n();
  return (
    <NativeSelect
      aria-label={t('common.status')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[{ value: '', label: t('common.all') }, ...statuses.map((s) => ({ value: s, label: s.replace(/_/g, ' ') }))]}
    />
  );
}

/** A list page's search box (its label, when given, is also its placeholder): every change goes back to the first page. */
export function SearchBox({ value, onChange, label }: { value: string; onChange: (q: string) => void; label?: string }) {
  const { t } = useI18n();
  const text = label ?? t('common.search');
  return <TextInput aria-label={text} placeholder={text} type="search" value={value} onChange={(e) => onChange(e.currentTarget.value)} miw={260} />;
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, NativeSelect, Pagination, Table, Text, TextInput, Title } from '@mantine/core';
import type { CombinedError } from 'urql';
import { useI18n, type MessageKey } from './i18n';
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
  // a span with a label needs a role (axe: aria-prohibited-attr): a status, which screen readers announce
  if (fetching && !children) return <Loader role="status" aria-label={t('common.loading')} />;
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
 * A list as a table: its column headers, the rows (`children`), "nothing here yet" when the list is
 * empty, and the pages when there are more than one (a list read whole has no `paging`).
 */
export function ListTable(props: {
  headers: ReactNode[];
  count: number;
  paging?: { page: number; pageSize: number; onPage: (page: number) => void };
  children: ReactNode;
}) {
  const { t } = useI18n();
  const paging = props.paging;
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
      {paging && props.count > paging.pageSize && (
        <Pagination
          mt="md"
          total={Math.ceil(props.count / paging.pageSize)}
          value={paging.page}
          onChange={paging.onPage}
          getControlProps={(control) => ({ 'aria-label': control })}
        />
      )}
    </>
  );
}

/** A table cell's name with a smaller grey line under it (a handle, a company). */
export function NameCell({ name, sub }: { name: ReactNode; sub?: ReactNode }) {
  return (
    <Table.Td>
      <Text size="sm">{name}</Text>
      {sub && (
        <Text size="xs" c="gray.7">
          {sub}
        </Text>
      )}
    </Table.Td>
  );
}

/** A form's last row: submit (Create for a new thing, Save for an edit) and Cancel. */
export function FormButtons({ editing, busy, onCancel }: { editing: boolean; busy: boolean; onCancel: () => void }) {
  const { t } = useI18n();
  return (
    <Group>
      <Button type="submit" loading={busy}>
        {editing ? t('common.save') : t('common.create')}
      </Button>
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </Group>
  );
}

/** "Saved" next to a form's button, once it saved. */
export function SavedNote({ shown }: { shown: boolean }) {
  const { t } = useI18n();
  return shown ? (
    // a darker green than green.9 (#2b8a3e, 4.4:1 on white, below WCAG AA's 4.5:1)
    <Text role="status" c="#1f6f32">
      {t('common.saved')}
    </Text>
  ) : null;
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

/** A detail page's facts: label and value rows. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table variant="vertical" layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%">{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A card with a heading (h3). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A form's values, what is wrong with them per field (shown once it was submitted) and its submit. */
export interface Draft<D> {
  d: D;
  set: (patch: Partial<D>) => void;
  /** the field's problem, once the form was submitted */
  err: (field: string) => string | undefined;
  /** the form's onSubmit: `save` runs only when nothing is wrong */
  onSubmit: (save: () => void) => (e: FormEvent) => void;
}

export function useDraft<D>(initial: () => D, check: (d: D) => Record<string, MessageKey>): Draft<D> {
  const { t } = useI18n();
  const [d, setD] = useState(initial);
  const [tried, setTried] = useState(false);
  const wrong = check(d);
  return {
    d,
    set: (patch) => setD((x) => ({ ...x, ...patch })),
    err: (field) => (tried && wrong[field] ? t(wrong[field]) : undefined),
    onSubmit: (save) => (e) => {
      e.preventDefault();
      setTried(true);
      if (!Object.keys(wrong).length) save();
    },
  };
}

/** A list page's search box (its label, when given, is also its placeholder): every change goes back to the first page. */
export function SearchBox({ value, onChange, label }: { value: string; onChange: (q: string) => void; label?: string }) {
  const { t } = useI18n();
  const text = label ?? t('common.search');
  return <TextInput aria-label={text} placeholder={text} type="search" value={value} onChange={(e) => onChange(e.currentTarget.value)} miw={260} />;
}

/**
 * A button that asks first (`window.confirm(question)`) and runs `onConfirm` only once confirmed:
 * a deletion, a removal, anything that cannot be undone. Red by default.
 */
export function ConfirmButton(props: {
  /** the accessible name, naming the row it acts on ("Delete Summer sale") */
  label?: string;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
  color?: string;
  variant?: 'outline' | 'default';
  children: ReactNode;
}) {
  return (
    <Button
      size="xs"
      variant={props.variant ?? 'outline'}
      color={props.color ?? 'red.9'}
      aria-label={props.label}
      disabled={props.disabled}
      onClick={() => {
        if (window.confirm(props.question)) props.onConfirm();
      }}
    >
      {props.children}
    </Button>
  );
}

/**
 * A list row's actions: **Edit** (`edit`), the row's other buttons (`children`), and **Delete**
 * after a confirmation (`remove`). Each button is named for its row (`label`), which is what
 * screen readers and the browser tests find it by; `text` replaces the button's visible word.
 */
export function RowActions(props: {
  edit?: { label: string; onClick: () => void; text?: string };
  remove?: { label: string; question: string; onConfirm: () => void; text?: string; disabled?: boolean };
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const { edit, remove } = props;
  return (
    <Group gap="xs" wrap="nowrap">
      {edit && (
        <Button size="xs" variant="default" aria-label={edit.label} onClick={edit.onClick}>
          {edit.text ?? t('site.edit')}
        </Button>
      )}
      {props.children}
      {remove && (
        <ConfirmButton label={remove.label} question={remove.question} onConfirm={remove.onConfirm} disabled={remove.disabled}>
          {remove.text ?? t('common.delete')}
        </ConfirmButton>
      )}
    </Group>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Code, Group, Progress, SimpleGrid, Stack, Table, Tabs, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from 'urql';
import { decidePlan, openChat, type ActionResult, type Plan, type PlanAction } from '../assistant-stream';
import { ConsoleAssistantOverviewDocument } from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { Link } from '../router';
import { useSession } from '../session';
import { ErrorNote, Loading, PageHeader, StatusBadge } from '../ui';

interface Turn {
  role: 'user' | 'assistant';
  text: string;
  skill?: string | null;
  plan?: Plan;
  result?: unknown;
  streaming?: boolean;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** A parameter's value for people: an entity by its title or handle, a list joined, anything else as text. */
function show(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return String(o.title ?? o.name ?? o.handle ?? o.id ?? JSON.stringify(o));
  }
  return String(value);
}

/** What an approved action did: its answer's values, and a link to the product it changed. */
function Effect({ result }: { result: unknown }) {
  const { t } = useI18n();
  const o = typeof result === 'object' && result !== null && !Array.isArray(result) ? (result as Record<string, unknown>) : { result };
  const shown = Object.entries(o).filter(([k, v]) => !/(^|_)id$/.test(k) && v !== null && typeof v !== 'object');
  return (
    <Group gap="xs">
      <Text size="sm" c="green.9">
        {t('assistant.effect')}: {shown.map(([k, v]) => `${k.replace(/_/g, ' ')} ${show(v)}`).join(' · ')}
      </Text>
      {typeof o.product_id === 'string' && (
        <Anchor component={Link} to={`/products/${o.product_id}`} size="sm">
          {t('assistant.openProduct')}
        </Anchor>
      )}
    </Group>
  );
}

function ActionLine({ action, result }: { action: PlanAction; result?: ActionResult }) {
  const { t } = useI18n();
  const params = Object.entries(action.params ?? {}).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <li>
      <Group gap="xs" wrap="wrap">
        <Text fw={600} size="sm">
          {action.type.replace(/_/g, ' ')}
        </Text>
        <Code>{action.operation}</Code>
        {result && <StatusBadge status={result.status} />}
      </Group>
      {params.length > 0 && (
        <Text size="sm" c="gray.8">
          {params.map(([k, v]) => `${k.replace(/_/g, ' ')}: ${show(v)}`).join(' · ')}
        </Text>
      )}
      {action.missing.length > 0 && (
        <Text size="sm" c="red.9">
          {t('assistant.missing')}: {action.missing.join(', ')}
        </Text>
      )}
      {result?.result != null && <Effect result={result.result} />}
      {result?.error && (
        <Text size="sm" c="red.9">
          {result.error.message}
        </Text>
      )}
    </li>
  );
}

/** A plan: the proposed changes, Approve and Reject while it is pending, then what each change did. */
function PlanCard({ plan, onDecide, busy }: { plan: Plan; onDecide: (what: 'approve' | 'reject') => void; busy: boolean }) {
  const { t, date } = useI18n();
  const results = new Map((plan.results ?? []).map((r) => [r.index, r]));
  return (
    <Card withBorder mt="xs" aria-label={t('assistant.plan')} component="section">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {t('assistant.plan')}
        </Title>
        <StatusBadge status={plan.status} />
      </Group>
      <ol style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {plan.actions.map((a, i) => (
          <ActionLine key={i} action={a} result={results.get(i)} />
        ))}
      </ol>
      {plan.status === 'pending' && (
        <Group mt="sm">
          <Button size="xs" color="green.9" loading={busy} onClick={() => onDecide('approve')}>
            {t('assistant.approve')}
          </Button>
          <Button size="xs" variant="outline" color="red.9" disabled={busy} onClick={() => onDecide('reject')}>
            {t('assistant.reject')}
          </Button>
          <Text size="xs" c="gray.8">
            {t('assistant.expires')} {date(plan.expires_at)}
          </Text>
        </Group>
      )}
    </Card>
  );
}

function Chat() {
  const { t } = useI18n();
  const { active } = useSession();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [message, setMessage] = useState('');
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [streaming, setStreaming] = useState(false);
  const [deciding, setDeciding] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  // the last turn is the assistant's, growing while its stream runs
  const update = (f: (turn: Turn) => Turn) => setTurns((all) => [...all.slice(0, -1), f(all[all.length - 1])]);

  const send = async (text: string) => {
    if (!active || !text.trim()) return;
    setError(null);
    setMessage('');
    setStreaming(true);
    setTurns((all) => [...all, { role: 'user', text }, { role: 'assistant', text: '', streaming: true }]);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      const events = await openChat(active.token, text, sessionId, controller.signal);
      for await (const { event, data } of events) {
        if (event === 'session') {
          setSessionId(data.session_id as string);
          update((turn) => ({ ...turn, skill: (data.skill as { name: string } | null)?.name ?? null }));
        } else if (event === 'token') update((turn) => ({ ...turn, text: turn.text + (data.text as string) }));
        else if (event === 'plan') {
          update((turn) => ({ ...turn, plan: data as unknown as Plan, streaming: false }));
          setStreaming(false);
        } else if (event === 'action_result')
          update((turn) =>
            turn.plan
              ? {
                  ...turn,
                  plan: { ...turn.plan, results: [...(turn.plan.results ?? []).filter((r) => r.index !== data.index), data as unknown as ActionResult] },
                }
              : turn,
          );
        else if (event === 'done') {
          update((turn) => ({ ...turn, text: (data.reply as string | undefined) ?? turn.text, result: data.result, streaming: false }));
          break;
        } else if (event === 'error') {
          setError(new Error(data.message as string));
          break;
        }
      }
    } catch (e) {
      if (!controller.signal.aborted) {
        setError(e as Error);
        setTurns((all) => all.slice(0, -1));
      }
    } finally {
      update((turn) => ({ ...turn, streaming: false }));
      setStreaming(false);
    }
  };

  const decide = async (plan: Plan, what: 'approve' | 'reject') => {
    if (!active) return;
    setDeciding(true);
    setError(null);
    try {
      const decided = await decidePlan(active.token, plan.stream_id, what);
      setTurns((all) => all.map((turn) => (turn.plan?.id === decided.id ? { ...turn, plan: { ...turn.plan, ...decided } } : turn)));
    } catch (e) {
      setError(e as Error);
    } finally {
      setDeciding(false);
    }
  };

  return (
    <Stack>
      <div role="log" aria-live="polite" aria-label={t('assistant.conversation')}>
        {turns.length === 0 && <Text c="gray.8">{t('assistant.intro')}</Text>}
        {turns.map((turn, i) => (
          <Card
            key={i}
            withBorder={turn.role === 'assistant'}
            bg={turn.role === 'user' ? 'indigo.0' : undefined}
            mb="xs"
            p="sm"
            aria-busy={turn.streaming || undefined}
          >
            <Group gap="xs" mb={4}>
              <Text size="xs" fw={700} c="gray.8">
                {turn.role === 'user' ? t('assistant.you') : t('assistant.assistant')}
              </Text>
              {turn.skill && (
                <Badge size="xs" variant="light" c="indigo.9">
                  {turn.skill}
                </Badge>
              )}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-role={turn.role}>
              {turn.text || (turn.streaming ? '…' : '')}
            </Text>
            {turn.result != null && (
              <Code block mt="xs" style={{ maxHeight: 240, overflow: 'auto' }}>
                {JSON.stringify(turn.result, null, 2)}
              </Code>
            )}
            {turn.plan && <PlanCard plan={turn.plan} busy={deciding} onDecide={(what) => void decide(turn.plan!, what)} />}
          </Card>
        ))}
      </div>
      <ErrorNote error={error} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send(message);
        }}
      >
        <Stack gap="xs">
          <Textarea
            label={t('assistant.message')}
            placeholder={t('assistant.placeholder')}
            autosize
            minRows={2}
            maxLength={4000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void send(message);
              }
            }}
          />
          <Button type="submit" w="fit-content" loading={streaming} disabled={!message.trim()}>
            {t('assistant.send')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

function Skills({ data }: { data: NonNullable<ReturnType<typeof useOverview>[0]['data']> }) {
  const { t } = useI18n();
  const status = new Map(data.assistantSetupStatus.skills.map((s) => [s.id, s]));
  return (
    <>
      <Alert color="blue" mb="md" title={t('assistant.skillsTitle')}>
        {t('assistant.skillsNote')}{' '}
        {t('assistant.skillsCount', {
          ready: data.assistantSetupStatus.ready_count,
          enabled: data.assistantSetupStatus.enabled_count,
          all: data.assistantSkills.length,
        })}
      </Alert>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('assistant.skill')}</Table.Th>
            <Table.Th>{t('assistant.category')}</Table.Th>
            <Table.Th>{t('assistant.tier')}</Table.Th>
            <Table.Th>{t('common.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.assistantSkills.map((s) => {
            const st = status.get(s.id);
            const awaiting = [...(st?.awaiting_modules ?? []), ...(st?.awaiting_providers ?? [])];
            return (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {s.name}
                  </Text>
                  <Text size="xs" c="gray.8">
                    {s.description}
                  </Text>
                </Table.Td>
                <Table.Td>{s.category}</Table.Td>
                <Table.Td>{s.model_tier}</Table.Td>
                <Table.Td>
                  <StatusBadge status={st?.status ?? (s.enabled ? 'ready' : 'disabled')} />
                  {awaiting.length > 0 && (
                    <Text size="xs" c="gray.8">
                      {t('assistant.awaiting')}: {awaiting.join(', ')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}

function Credits({ data }: { data: NonNullable<ReturnType<typeof useOverview>[0]['data']> }) {
  const { t, number } = useI18n();
  const c = data.assistantCredits;
  const usage = data.assistantCreditUsage;
  const stat = (label: MessageKey, value: number | string) => (
    <Card withBorder p="sm">
      <Text size="xs" c="gray.8">
        {t(label)}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Card>
  );
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} mb="md">
        {stat('assistant.plan.name', `${c.plan} · ${c.period}`)}
        {stat('assistant.allowanceLeft', `${number(c.allowance_left)} / ${number(c.allowance)}`)}
        {stat('assistant.topUps', number(c.top_up_balance))}
        {stat('assistant.balance', number(c.balance))}
      </SimpleGrid>
      <Progress value={c.allowance ? (100 * c.allowance_used) / c.allowance : 0} mb="lg" aria-label={t('assistant.allowanceUsed')} />
      <Title order={3} size="h4" mb="sm">
        {t('assistant.usage')}
      </Title>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('assistant.day')}</Table.Th>
            <Table.Th>{t('assistant.skill')}</Table.Th>
            <Table.Th>{t('assistant.tier')}</Table.Th>
            <Table.Th>{t('assistant.calls')}</Table.Th>
            <Table.Th>{t('assistant.credits')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {usage.map((u) => (
            <Table.Tr key={`${u.day}/${u.skill}/${u.tier}`}>
              <Table.Td>{u.day}</Table.Td>
              <Table.Td>{u.skill}</Table.Td>
              <Table.Td>{u.tier}</Table.Td>
              <Table.Td>{number(u.calls)}</Table.Td>
              <Table.Td>{number(u.credits)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {usage.length === 0 && <Text mt="md">{t('common.none')}</Text>}
    </>
  );
}

function useOverview() {
  // the last 30 UTC days, today included
  const [range] = useState(() => ({ from: day(new Date(Date.now() - 29 * 86_400_000)), to: day(new Date()) }));
  return useQuery({ query: ConsoleAssistantOverviewDocument, variables: range });
}

export default function Assistant() {
  const { t } = useI18n();
  const [{ data, fetching, error }, refetch] = useOverview();
  return (
    <>
      <PageHeader title={t('nav.assistant')}>
        <Anchor component={Link} to="/assistant/settings">
          {t('aiSettings.link')}
        </Anchor>
      </PageHeader>
      <Tabs defaultValue="chat" onChange={(tab) => tab !== 'chat' && refetch({ requestPolicy: 'network-only' })}>
        <Tabs.List mb="md">
          <Tabs.Tab value="chat">{t('assistant.chat')}</Tabs.Tab>
          <Tabs.Tab value="skills">{t('assistant.skills')}</Tabs.Tab>
          <Tabs.Tab value="credits">{t('assistant.credits')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chat">
          <Chat />
        </Tabs.Panel>
        <Tabs.Panel value="skills">
          <Loading fetching={fetching} error={error}>
            {data && <Skills data={data} />}
          </Loading>
        </Tabs.Panel>
        <Tabs.Panel value="credits">
          <Loading fetching={fetching} error={error}>
            {data && <Credits data={data} />}
          </Loading>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

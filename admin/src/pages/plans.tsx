import { useState } from 'react';
import { ActionIcon, Button, Card, Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { ConsoleCreatePlanDocument, ConsolePlansDocument, ConsoleUpdatePlanDocument, type ConsolePlanFragment } from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { currencyDigits } from '../offer-fields';
import { ErrorNote, FormButtons, ListTable, Loading, NameCell, PageHeader, RowActions, StatusBadge, useDraft } from '../ui';

const INTERVALS = ['day', 'week', 'month', 'year'];

interface PriceRow {
  currency: string;
  amount: string;
}
interface PlanDraft {
  name: string;
  handle: string;
  description: string;
  interval: string;
  count: string;
  trial: string;
  active: boolean;
  prices: PriceRow[];
}

const draftOf = (p: ConsolePlanFragment | null): PlanDraft =>
  p
    ? {
        name: p.name,
        handle: p.handle,
        description: p.description ?? '',
        interval: p.interval,
        count: String(p.interval_count),
        trial: String(p.trial_days),
        active: p.active,
        // major units, with the currency's decimals
        prices: p.prices.map((x) => ({ currency: x.currency_code, amount: x.amount.toFixed(currencyDigits(x.currency_code) ?? 2) })),
      }
    : { name: '', handle: '', description: '', interval: 'month', count: '1', trial: '0', active: true, prices: [{ currency: 'eur', amount: '' }] };

/** what is wrong with a draft, per field (nothing: it may be saved) */
function problems(d: PlanDraft): Record<string, MessageKey> {
  const out: Record<string, MessageKey> = {};
  if (!d.name.trim()) out.name = 'plans.nameRequired';
  if (!/^\d+$/.test(d.count) || +d.count < 1 || +d.count > 36) out.count = 'plans.badCount';
  if (!/^\d+$/.test(d.trial) || +d.trial > 730) out.trial = 'plans.badTrial';
  if (!d.prices.length) out.prices = 'plans.priceRequired';
  const seen = new Set<string>();
  d.prices.forEach((p, i) => {
    const digits = currencyDigits(p.currency);
    if (digits === null) out[`currency${i}`] = 'plans.badCurrency';
    else if (seen.has(p.currency)) out[`currency${i}`] = 'plans.duplicateCurrency';
    seen.add(p.currency);
    const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(p.amount.trim());
    if (!m) out[`amount${i}`] = 'plans.badAmount';
    else if (digits !== null && (m[2] ?? '').replace(/0+$/, '').length > digits) out[`amount${i}`] = 'plans.tooPrecise';
  });
  return out;
}

/** Creates a plan (`plan` null) or edits one: name, interval and count, trial days, prices per currency in major units, active. */
function PlanForm({ plan, onDone }: { plan: ConsolePlanFragment | null; onDone: () => void }) {
  const { t } = useI18n();
  const draft = useDraft<PlanDraft>(() => draftOf(plan), problems);
  const { d, set, err } = draft;
  const [created, create] = useMutation(ConsoleCreatePlanDocument);
  const [updated, update] = useMutation(ConsoleUpdatePlanDocument);
  const setPrice = (i: number, patch: Partial<PriceRow>) => set({ prices: d.prices.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const title = plan ? t('plans.edit', { name: plan.name }) : t('plans.new');
  const submit = () => {
    const fields = {
      name: d.name.trim(),
      description: d.description.trim() || null,
      interval: d.interval,
      interval_count: +d.count,
      trial_days: +d.trial,
      active: d.active,
      prices: d.prices.map((p) => ({ currency_code: p.currency, amount: p.amount.trim() })),
    };
    const run = plan ? update({ id: plan.id, input: fields }) : create({ input: { ...fields, handle: d.handle.trim() || undefined } });
    void run.then((r) => !r.error && onDone());
  };
  return (
    <Card withBorder component="section" aria-label={title} mb="lg">
      <form noValidate onSubmit={draft.onSubmit(submit)}>
        <Stack>
          <Title order={3} size="h4">
            {title}
          </Title>
          <ErrorNote error={created.error ?? updated.error} />
          <Group grow align="start">
            <TextInput label={t('catalogue.name')} required value={d.name} error={err('name')} onChange={(e) => set({ name: e.currentTarget.value })} />
            <TextInput
              label={t('common.handle')}
              value={d.handle}
              disabled={!!plan}
              description={plan ? undefined : t('plans.handleHint')}
              onChange={(e) => set({ handle: e.currentTarget.value })}
            />
          </Group>
          <Textarea label={t('product.description')} autosize minRows={2} value={d.description} onChange={(e) => set({ description: e.currentTarget.value })} />
          <Group grow align="start">
            <NativeSelect
              label={t('plans.interval')}
              value={d.interval}
              data={INTERVALS.map((i) => ({ value: i, label: t(`plans.${i}` as MessageKey) }))}
              onChange={(e) => set({ interval: e.currentTarget.value })}
            />
            <TextInput
              label={t('plans.count')}
              inputMode="numeric"
              value={d.count}
              error={err('count')}
              onChange={(e) => set({ count: e.currentTarget.value })}
            />
            <TextInput
              label={t('plans.trialDays')}
              inputMode="numeric"
              value={d.trial}
              error={err('trial')}
              onChange={(e) => set({ trial: e.currentTarget.value })}
            />
          </Group>
          <Stack gap="xs">
            <Text fw={500} size="sm">
              {t('plans.prices')}
            </Text>
            {d.prices.map((p, i) => (
              <Group key={i} align="start">
                <TextInput
                  label={t('product.currency')}
                  w={110}
                  maxLength={3}
                  value={p.currency}
                  error={err(`currency${i}`)}
                  onChange={(e) => setPrice(i, { currency: e.currentTarget.value.toLowerCase() })}
                />
                <TextInput
                  label={t('plans.amountMajor')}
                  inputMode="decimal"
                  value={p.amount}
                  error={err(`amount${i}`)}
                  onChange={(e) => setPrice(i, { amount: e.currentTarget.value })}
                />
                <ActionIcon
                  mt={26}
                  variant="default"
                  aria-label={t('plans.removePrice', { currency: p.currency || '–' })}
                  onClick={() => set({ prices: d.prices.filter((_, j) => j !== i) })}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            {err('prices') && (
              <Text size="sm" c="red.9">
                {err('prices')}
              </Text>
            )}
            <Group>
              <Button variant="default" size="xs" onClick={() => set({ prices: [...d.prices, { currency: '', amount: '' }] })}>
                {t('product.addPrice')}
              </Button>
            </Group>
          </Stack>
          <Checkbox label={t('plans.active')} checked={d.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
          <FormButtons editing={!!plan} busy={created.fetching || updated.fetching} onCancel={onDone} />
        </Stack>
      </form>
    </Card>
  );
}

/** The store's subscription plans: list, create, edit, activate and deactivate. */
export default function Plans() {
  const { t, money } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsolePlansDocument });
  const [editing, setEditing] = useState<ConsolePlanFragment | 'new' | null>(null);
  const [toggled, toggle] = useMutation(ConsoleUpdatePlanDocument);
  const plans = data?.adminSubscriptionPlans;
  const done = () => {
    setEditing(null);
    refetch({ requestPolicy: 'network-only' });
  };
  return (
    <>
      <PageHeader title={t('plans.title')}>
        <Button onClick={() => setEditing('new')} disabled={editing !== null}>
          {t('plans.new')}
        </Button>
      </PageHeader>
      {editing && <PlanForm key={editing === 'new' ? 'new' : editing.id} plan={editing === 'new' ? null : editing} onDone={done} />}
      <ErrorNote error={toggled.error} />
      <Loading fetching={fetching} error={error}>
        {plans && (
          <ListTable
            headers={[t('catalogue.name'), t('plans.interval'), t('plans.prices'), t('plans.trialDays'), t('common.status'), t('common.actions')]}
            count={plans.length}
          >
            {plans.map((p) => (
              <Table.Tr key={p.id}>
                <NameCell name={p.name} sub={p.handle} />
                <Table.Td>{t('plans.every', { count: p.interval_count, interval: t(`plans.${p.interval}` as MessageKey) })}</Table.Td>
                <Table.Td>{p.prices.map((x) => money(x.amount, x.currency_code)).join(' · ')}</Table.Td>
                <Table.Td>{p.trial_days}</Table.Td>
                <Table.Td>
                  <StatusBadge status={p.active ? 'active' : 'inactive'} />
                </Table.Td>
                <Table.Td>
                  <RowActions edit={{ label: `${t('plans.editButton')} ${p.name}`, onClick: () => setEditing(p) }}>
                    <Button
                      size="xs"
                      variant="outline"
                      color={p.active ? 'red.9' : undefined}
                      aria-label={`${p.active ? t('plans.deactivate') : t('plans.activate')} ${p.name}`}
                      disabled={toggled.fetching}
                      onClick={() => void toggle({ id: p.id, input: { active: !p.active } }).then(() => refetch({ requestPolicy: 'network-only' }))}
                    >
                      {p.active ? t('plans.deactivate') : t('plans.activate')}
                    </Button>
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Loading>
    </>
  );
}

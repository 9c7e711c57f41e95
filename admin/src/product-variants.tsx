import { useState } from 'react';
import { ActionIcon, Button, Card, Checkbox, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from 'urql';
import {
  ConsoleCreateOptionDocument,
  ConsoleCreateVariantDocument,
  ConsoleDeleteOptionDocument,
  ConsoleDeleteVariantDocument,
  ConsoleSetStockDocument,
  ConsoleUpdateOptionDocument,
  ConsoleUpdateVariantDocument,
  type ConsoleProductDetailFragment,
} from './graphql/generated';
import { useI18n } from './i18n';
import { ErrorNote, FormButtons, Section } from './ui';

type Product = ConsoleProductDetailFragment;
type Variant = Product['variants'][number];
type Option = Product['options'][number];

/** The values of comma-separated text, trimmed, empty ones dropped. */
const splitValues = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * A product's options and variants: the options with their values (renamed, values added, renamed
 * and removed, an option added or removed; the API's refusals shown as it answers, such as a value
 * variants still have), the variants as a table (SKU, option values, a price per currency of the
 * store's regions, stock with a quick save), and a variant's editor for a new one or an existing
 * one (title, SKU, a value per option, the prices, stock, whether stock is tracked).
 */
export function ProductVariants({ product: p, currencies }: { product: Product; currencies: string[] }) {
  const { t } = useI18n();
  const [editing, setEditing] = useState<Variant | 'new' | null>(null);
  const [removed, removeVariant] = useMutation(ConsoleDeleteVariantDocument);
  // every currency the store sells in, and any other its prices are in
  const columns = [...new Set([...currencies, ...p.variants.flatMap((v) => v.prices.map((x) => x.currency_code))])].sort();
  return (
    <Section title={t('variants.title')}>
      <OptionsEditor product={p} />
      <Title order={4} size="h5" mt="lg" mb="xs">
        {t('products.variants')}
      </Title>
      <ErrorNote error={removed.error} />
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('product.variant')}</Table.Th>
            <Table.Th>{t('product.sku')}</Table.Th>
            {p.options.map((o) => (
              <Table.Th key={o.id}>{o.title}</Table.Th>
            ))}
            {columns.map((c) => (
              <Table.Th key={c}>{c.toUpperCase()}</Table.Th>
            ))}
            <Table.Th>{t('product.stock')}</Table.Th>
            <Table.Th>{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.variants.map((v) => (
            <VariantRow
              key={`${v.id}:${v.inventory_quantity}`}
              variant={v}
              options={p.options}
              columns={columns}
              onEdit={() => setEditing(v)}
              onDelete={() => {
                if (!window.confirm(t('variants.deleteConfirm', { name: v.title }))) return;
                if (editing !== 'new' && editing?.id === v.id) setEditing(null);
                void removeVariant({ id: v.id });
              }}
            />
          ))}
        </Table.Tbody>
      </Table>
      {p.variants.length === 0 && <Text mt="sm">{t('common.none')}</Text>}
      {editing ? (
        <VariantEditor
          key={editing === 'new' ? 'new' : editing.id}
          product={p}
          variant={editing === 'new' ? null : editing}
          currencies={columns}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Button mt="md" variant="default" onClick={() => setEditing('new')}>
          {t('variants.add')}
        </Button>
      )}
    </Section>
  );
}

function VariantRow(props: { variant: Variant; options: Option[]; columns: string[]; onEdit: () => void; onDelete: () => void }) {
  const { t, money } = useI18n();
  const v = props.variant;
  const [stock, setStock] = useState<number>(v.inventory_quantity);
  const [stockState, saveStock] = useMutation(ConsoleSetStockDocument);
  const valueOf = (o: Option) => v.options.find((x) => x.option_id === o.id)?.value ?? '–';
  return (
    <Table.Tr>
      <Table.Td>{v.title}</Table.Td>
      <Table.Td>{v.sku ?? '–'}</Table.Td>
      {props.options.map((o) => (
        <Table.Td key={o.id}>{valueOf(o)}</Table.Td>
      ))}
      {props.columns.map((c) => {
        const prices = v.prices.filter((x) => x.currency_code === c);
        return (
          <Table.Td key={c}>
            {prices.length
              ? prices.map((x) => (
                  <Text key={x.id} size="sm">
                    {money(x.amount, x.currency_code)}
                  </Text>
                ))
              : '–'}
          </Table.Td>
        );
      })}
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <NumberInput aria-label={`${t('product.stock')} ${v.title}`} min={0} w={90} value={stock} onChange={(x) => setStock(Number(x) || 0)} />
          <Button size="xs" variant="default" loading={stockState.fetching} onClick={() => void saveStock({ variant: v.id, quantity: stock })}>
            {t('common.save')}
          </Button>
        </Group>
        <ErrorNote error={stockState.error} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="default" aria-label={t('variants.edit', { name: v.title })} onClick={props.onEdit}>
            {t('variants.editShort')}
          </Button>
          <Button size="xs" variant="outline" color="red.9" aria-label={t('variants.delete', { name: v.title })} onClick={props.onDelete}>
            {t('common.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The amounts as typed: empty for no price in that currency */
type Amounts = Record<string, number | ''>;

function VariantEditor(props: { product: Product; variant: Variant | null; currencies: string[]; onDone: () => void }) {
  const { t } = useI18n();
  const { product: p, variant: v } = props;
  const [created, create] = useMutation(ConsoleCreateVariantDocument);
  const [updated, update] = useMutation(ConsoleUpdateVariantDocument);
  const [title, setTitle] = useState(v?.title ?? '');
  const [sku, setSku] = useState(v?.sku ?? '');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(p.options.map((o) => [o.title, v?.options.find((x) => x.option_id === o.id)?.value ?? o.values[0]?.value ?? ''])),
  );
  // the currency-wide prices are edited here; a region's own price stays as it is
  const [amounts, setAmounts] = useState<Amounts>(() =>
    Object.fromEntries(props.currencies.map((c) => [c, v?.prices.find((x) => x.currency_code === c && !x.region_id)?.amount ?? ''])),
  );
  const [stock, setStock] = useState<number | ''>(v ? v.inventory_quantity : 0);
  const [stockTouched, setStockTouched] = useState(false);
  const [tracked, setTracked] = useState(v?.manage_inventory ?? true);
  const name = v ? t('variants.editing', { name: v.title }) : t('variants.new');

  const submit = async () => {
    const prices = [
      ...(v?.prices ?? []).filter((x) => x.region_id || !props.currencies.includes(x.currency_code)),
      ...props.currencies.filter((c) => amounts[c] !== '').map((c) => ({ currency_code: c, amount: Number(amounts[c]), region_id: null })),
    ].map((x) => ({ currency_code: x.currency_code, amount: x.amount, region_id: x.region_id ?? null }));
    const chosen = p.options.length ? values : null;
    const fallbackTitle = p.options.map((o) => values[o.title]).join(' / ') || p.title;
    const common = { title: title.trim() || fallbackTitle, sku: sku.trim() || null, options: chosen, prices, manage_inventory: tracked };
    const r = v
      ? await update({ id: v.id, input: { ...common, ...(stockTouched && stock !== '' ? { stocked_quantity: stock } : {}) } })
      : await create({ product: p.id, input: { ...common, inventory_quantity: stock === '' ? 0 : stock } });
    if (!r.error) props.onDone();
  };

  return (
    <Card withBorder mt="md" component="section" aria-label={name}>
      <Title order={4} size="h5" mb="sm">
        {name}
      </Title>
      <ErrorNote error={created.error ?? updated.error} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('common.title')} placeholder={t('variants.titleHint')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
            <TextInput label={t('product.sku')} value={sku} onChange={(e) => setSku(e.currentTarget.value)} />
            {p.options.map((o) => (
              <NativeSelect
                key={o.id}
                label={o.title}
                data={o.values.map((x) => x.value)}
                value={values[o.title]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setValues((x) => ({ ...x, [o.title]: value }));
                }}
              />
            ))}
            {props.currencies.map((c) => (
              <NumberInput
                key={c}
                label={t('variants.priceIn', { currency: c.toUpperCase() })}
                min={0}
                decimalScale={4}
                value={amounts[c]}
                onChange={(x) => setAmounts((a) => ({ ...a, [c]: x === '' ? '' : Number(x) }))}
              />
            ))}
            <NumberInput
              label={t('product.stock')}
              min={0}
              allowDecimal={false}
              value={stock}
              onChange={(x) => {
                setStockTouched(true);
                setStock(x === '' ? '' : Number(x));
              }}
            />
            <Checkbox label={t('variants.tracked')} checked={tracked} onChange={(e) => setTracked(e.currentTarget.checked)} mt="lg" />
          </SimpleGrid>
          <FormButtons editing={!!v} busy={created.fetching || updated.fetching} onCancel={props.onDone} />
        </Stack>
      </form>
    </Card>
  );
}

/** Each option with its values, edited and saved on its own; a new option with comma-separated values. */
function OptionsEditor({ product: p }: { product: Product }) {
  const { t } = useI18n();
  const [created, create] = useMutation(ConsoleCreateOptionDocument);
  const [title, setTitle] = useState('');
  const [values, setValues] = useState('');
  return (
    <Stack gap="sm">
      <Title order={4} size="h5">
        {t('variants.options')}
      </Title>
      {p.options.length === 0 && <Text size="sm">{t('variants.noOptions')}</Text>}
      {p.options.map((o) => (
        <OptionCard key={o.id} option={o} />
      ))}
      <Card withBorder p="sm" component="section" aria-label={t('variants.newOption')}>
        <ErrorNote error={created.error} />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void create({ product: p.id, input: { title: title.trim(), values: splitValues(values) } }).then((r) => {
              if (r.error) return;
              setTitle('');
              setValues('');
            });
          }}
        >
          <Group align="end">
            <TextInput label={t('variants.newOption')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
            <TextInput label={t('variants.newValues')} required value={values} onChange={(e) => setValues(e.currentTarget.value)} miw={260} />
            <Button type="submit" variant="default" loading={created.fetching}>
              {t('variants.addOption')}
            </Button>
          </Group>
        </form>
      </Card>
    </Stack>
  );
}

function OptionCard({ option: o }: { option: Option }) {
  const { t } = useI18n();
  const [updated, update] = useMutation(ConsoleUpdateOptionDocument);
  const [removed, remove] = useMutation(ConsoleDeleteOptionDocument);
  const [title, setTitle] = useState(o.title);
  const [values, setValues] = useState<{ id: string | null; value: string }[]>(() => o.values.map((x) => ({ id: x.id, value: x.value })));
  const [saved, setSaved] = useState(false);
  const change = (i: number, value: string) => {
    setSaved(false);
    setValues((xs) => xs.map((x, j) => (j === i ? { ...x, value } : x)));
  };
  return (
    <Card withBorder p="sm" component="section" aria-label={t('variants.option', { name: o.title })}>
      <ErrorNote error={updated.error ?? removed.error} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(false);
          void update({
            id: o.id,
            input: { title: title.trim(), values: values.map((x) => ({ id: x.id, value: x.value.trim() })) },
          }).then((r) => {
            if (r.error) return;
            const next = r.data?.updateProductOption.options.find((x) => x.id === o.id);
            if (next) setValues(next.values.map((x) => ({ id: x.id, value: x.value })));
            setSaved(true);
          });
        }}
      >
        <Stack gap="xs">
          <TextInput label={t('variants.optionName')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} maw={320} />
          <Group gap="xs">
            {values.map((x, i) => (
              <Group key={x.id ?? `new-${i}`} gap={2} wrap="nowrap">
                <TextInput
                  aria-label={t('variants.valueOf', { n: i + 1, name: o.title })}
                  value={x.value}
                  w={130}
                  onChange={(e) => change(i, e.currentTarget.value)}
                />
                <ActionIcon
                  variant="default"
                  aria-label={t('variants.removeValue', { value: x.value || String(i + 1), name: o.title })}
                  onClick={() => {
                    setSaved(false);
                    setValues((xs) => xs.filter((_, j) => j !== i));
                  }}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Button size="xs" variant="default" onClick={() => setValues((xs) => [...xs, { id: null, value: '' }])}>
              {t('variants.addValue')}
            </Button>
          </Group>
          <Group gap="xs">
            <Button type="submit" size="xs" loading={updated.fetching}>
              {t('variants.saveOption')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              loading={removed.fetching}
              onClick={() => {
                if (!window.confirm(t('variants.deleteOptionConfirm', { name: o.title }))) return;
                void remove({ id: o.id });
              }}
            >
              {t('variants.deleteOption')}
            </Button>
            {saved && (
              <Text size="sm" c="#1f6f32" role="status">
                {t('common.saved')}
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

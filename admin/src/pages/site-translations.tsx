import { useEffect, useMemo, useState } from 'react';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { ConsoleSetTranslationsDocument, ConsoleTranslationSourcesDocument, ConsoleTranslationsDocument } from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { SiteHeader } from '../site-nav';
import { ErrorNote, Loading, SavedNote, SearchBox } from '../ui';

/** What the console translates here, and the fields of each (the localization domain's translatable fields). */
const KINDS: { type: string; label: MessageKey; fields: string[] }[] = [
  { type: 'product', label: 'translations.product', fields: ['title', 'subtitle', 'description', 'material'] },
  { type: 'product_collection', label: 'translations.collection', fields: ['title'] },
  { type: 'product_category', label: 'translations.category', fields: ['name', 'description'] },
];
const LONG = new Set(['description']);

/**
 * A resource's translatable fields side by side: its own text (the default locale's) beside the
 * target locale's overrides, edited and saved together; a field emptied goes back to the source text.
 */
export default function SiteTranslations() {
  const { t } = useI18n();
  const [type, setType] = useState('product');
  const [q, setQ] = useState('');
  const [id, setId] = useState('');
  const [locale, setLocale] = useState('');
  const [{ data, fetching, error }] = useQuery({ query: ConsoleTranslationSourcesDocument, variables: { q: q.trim() || undefined } });
  const kind = KINDS.find((k) => k.type === type)!;
  const resources = useMemo(() => {
    const rows: { id: string; name: string; fields: Record<string, string | null | undefined> }[] = [];
    if (!data) return rows;
    if (type === 'product') for (const p of data.adminProducts.items) rows.push({ id: p.id, name: p.title, fields: p });
    if (type === 'product_collection') for (const c of data.collections.items) rows.push({ id: c.id, name: c.title, fields: c });
    if (type === 'product_category') for (const c of data.productCategories.items) rows.push({ id: c.id, name: c.name, fields: c });
    return rows;
  }, [data, type]);
  const source = resources.find((r) => r.id === id) ?? resources[0];
  const locales = data?.locales ?? [];
  const def = locales.find((l) => l.is_default);
  const targets = locales.filter((l) => !l.is_default);
  const target = locale || targets[0]?.code || '';
  const [existing, reread] = useQuery({
    query: ConsoleTranslationsDocument,
    variables: { resource_type: type, resource_ids: source ? [source.id] : [], locale: target },
    pause: !source || !target,
  });
  const [saved, save] = useMutation(ConsoleSetTranslationsDocument);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const stored = existing.data?.translations.items.find((x) => x.resource_id === source?.id && x.locale === target)?.fields as
    Record<string, string> | undefined;
  useEffect(() => setDraft(Object.fromEntries(kind.fields.map((f) => [f, stored?.[f] ?? '']))), [stored, kind, source?.id, target]);
  useEffect(() => setDone(false), [type, source?.id, target]);
  return (
    <>
      <SiteHeader page="site.translations" />
      <Loading fetching={fetching && !data} error={error}>
        <Stack>
          <Group align="end" wrap="wrap">
            <NativeSelect
              label={t('translations.kind')}
              value={type}
              onChange={(e) => {
                setType(e.currentTarget.value);
                setId('');
              }}
              data={KINDS.map((k) => ({ value: k.type, label: t(k.label) }))}
            />
            {type === 'product' && <SearchBox value={q} onChange={setQ} label={t('translations.searchProducts')} />}
            <NativeSelect
              label={t('translations.resource')}
              value={source?.id ?? ''}
              onChange={(e) => setId(e.currentTarget.value)}
              data={resources.map((r) => ({ value: r.id, label: r.name }))}
              miw={240}
            />
            <NativeSelect
              label={t('translations.target')}
              value={target}
              onChange={(e) => setLocale(e.currentTarget.value)}
              data={targets.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }))}
            />
          </Group>
          {!targets.length && <Text>{t('jobs.noLocales')}</Text>}
          {source && target && (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                setDone(false);
                // a field emptied that had an override: null removes it; one never set is left out
                const fields = Object.fromEntries(
                  kind.fields.flatMap((f): [string, string | null][] => {
                    const v = (draft[f] ?? '').trim();
                    if (v) return [[f, v]];
                    return stored?.[f] ? [[f, null]] : [];
                  }),
                );
                if (!Object.keys(fields).length) return setDone(true);
                void save({ input: [{ resource_type: type, resource_id: source.id, locale: target, fields }] }).then((r) => {
                  if (r.error) return;
                  setDone(true);
                  reread({ requestPolicy: 'network-only' });
                });
              }}
            >
              <Stack>
                <ErrorNote error={saved.error ?? existing.error} />
                <Table layout="fixed" verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={140}>{t('translations.field')}</Table.Th>
                      <Table.Th>{t('translations.source', { locale: def ? `${def.name} (${def.code})` : '' })}</Table.Th>
                      <Table.Th>{t('translations.translation', { locale: target })}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {kind.fields.map((f) => (
                      <Table.Tr key={f}>
                        <Table.Th scope="row">{f}</Table.Th>
                        <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', verticalAlign: 'top' }} data-field={f}>
                          {source.fields[f] || (
                            <Text span c="gray.7" size="sm">
                              –
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td style={{ verticalAlign: 'top' }}>
                          <Textarea
                            aria-label={t('translations.fieldIn', { field: f, locale: target })}
                            autosize
                            minRows={LONG.has(f) ? 4 : 1}
                            value={draft[f] ?? ''}
                            placeholder={source.fields[f] ?? ''}
                            dir={locales.find((l) => l.code === target)?.rtl ? 'rtl' : undefined}
                            onChange={(e) => {
                              const v = e.currentTarget.value;
                              setDone(false);
                              setDraft((x) => ({ ...x, [f]: v }));
                            }}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <SimpleGrid cols={1}>
                  <Group>
                    <Button type="submit" loading={saved.fetching}>
                      {t('common.save')}
                    </Button>
                    <SavedNote shown={done} />
                  </Group>
                </SimpleGrid>
              </Stack>
            </form>
          )}
        </Stack>
      </Loading>
    </>
  );
}

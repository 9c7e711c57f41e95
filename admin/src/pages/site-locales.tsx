import { useState } from 'react';
import { Badge, Button, Card, Checkbox, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { ConsoleAddLocaleDocument, ConsoleLocalesDocument, ConsoleRemoveLocaleDocument, ConsoleSetDefaultLocaleDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { HINT, SiteHeader } from '../site-nav';
import { ErrorNote, ListTable, Loading, RowActions } from '../ui';

/** The store's locales: enable one (a BCP 47 code; name and direction default from the language), disable one, move the default. */
export default function SiteLocales() {
  const { t } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleLocalesDocument });
  const [added, add] = useMutation(ConsoleAddLocaleDocument);
  const [removed, remove] = useMutation(ConsoleRemoveLocaleDocument);
  const [moved, setDefault] = useMutation(ConsoleSetDefaultLocaleDocument);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [rtl, setRtl] = useState(false);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <SiteHeader page="site.locales" />
      <ErrorNote error={removed.error ?? moved.error} />
      <Loading fetching={fetching} error={error}>
        {data && (
          <ListTable headers={[t('locales.code'), t('catalogue.name'), t('locales.direction'), t('common.actions')]} count={data.locales.length}>
            {data.locales.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>
                  <Group gap="xs">
                    {l.code}
                    {l.is_default && (
                      <Badge variant="light" c="dark.8">
                        {t('locales.default')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>{l.rtl ? t('locales.rtl') : t('locales.ltr')}</Table.Td>
                <Table.Td>
                  <RowActions
                    remove={{
                      label: t('locales.disableOne', { code: l.code }),
                      question: t('locales.disableConfirm', { code: l.code }),
                      onConfirm: () => void remove({ code: l.code }).then(reload),
                      text: t('locales.disable'),
                    }}
                  >
                    {!l.is_default && (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('locales.makeDefaultOne', { code: l.code })}
                        onClick={() => void setDefault({ code: l.code }).then(reload)}
                      >
                        {t('locales.makeDefault')}
                      </Button>
                    )}
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Loading>
      <Card withBorder component="section" aria-label={t('locales.add')} mt="lg" maw={640}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void add({ input: { code: code.trim(), name: name.trim() || undefined, rtl: rtl || undefined } }).then((r) => {
              if (r.error) return;
              setCode('');
              setName('');
              setRtl(false);
              reload();
            });
          }}
        >
          <Stack>
            <Title order={3} size="h4">
              {t('locales.add')}
            </Title>
            <ErrorNote error={added.error} />
            <Group grow align="start">
              <TextInput
                label={t('locales.code')}
                description={t('locales.codeHint')}
                styles={HINT}
                required
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
              <TextInput
                label={t('catalogue.name')}
                description={t('locales.nameHint')}
                styles={HINT}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
            </Group>
            <Checkbox label={t('locales.rtl')} checked={rtl} onChange={(e) => setRtl(e.currentTarget.checked)} />
            <Button type="submit" w="fit-content" loading={added.fetching}>
              {t('locales.enable')}
            </Button>
          </Stack>
        </form>
      </Card>
    </>
  );
}

import { useState } from 'react';
import { Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { TranslateCard } from '../assistant-jobs';
import { ConsoleCollectionDocument, ConsoleDeleteCollectionDocument, ConsoleUpdateCollectionDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link, navigate } from '../router';
import { ErrorNote, PageHeader, SavedNote } from '../ui';

/** A collection's page: its title and handle (updateCollection), its published products, Translate, and Delete. */
export default function CollectionEdit({ id }: { id: string }) {
  const { t } = useI18n();
  const [{ data, error }, reload] = useQuery({ query: ConsoleCollectionDocument, variables: { id } });
  if (error) return <ErrorNote error={error} />;
  if (!data) return <Text>{t('common.loading')}</Text>;
  const c = data.collection;
  return (
    <>
      <PageHeader title={t('collections.title', { title: c.title })}>
        <Button variant="default" onClick={() => navigate('/catalogue')}>
          {t('common.back')}
        </Button>
      </PageHeader>
      <CollectionForm c={c} onSaved={() => reload({ requestPolicy: 'network-only' })} />
      <Card withBorder component="section" aria-label={t('collections.products')} mt="lg">
        <Title order={3} size="h4" mb="xs">
          {t('collections.products')}
        </Title>
        {c.products.items.length ? (
          <List>
            {c.products.items.map((p) => (
              <List.Item key={p.id}>
                <Link to={`/products/${p.id}`}>{p.title}</Link>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">{t('collections.noProducts')}</Text>
        )}
      </Card>
      <TranslateCard resourceType="collection" resourceId={c.id} />
    </>
  );
}

function CollectionForm({ c, onSaved }: { c: { id: string; title: string; handle: string }; onSaved: () => void }) {
  const { t } = useI18n();
  const [saved, save] = useMutation(ConsoleUpdateCollectionDocument);
  const [removed, remove] = useMutation(ConsoleDeleteCollectionDocument);
  const [title, setTitle] = useState(c.title);
  const [handle, setHandle] = useState(c.handle);
  const [done, setDone] = useState(false);
  return (
    <Card withBorder component="section" aria-label={t('collections.details')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setDone(false);
          void save({ id: c.id, input: { title, handle } }).then((r) => {
            if (r.error) return;
            setDone(true);
            onSaved();
          });
        }}
      >
        <Stack gap="sm">
          <ErrorNote error={saved.error ?? removed.error} />
          <TextInput label={t('common.title')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
          <TextInput label={t('common.handle')} required value={handle} onChange={(e) => setHandle(e.currentTarget.value)} />
          <Group>
            <Button type="submit" loading={saved.fetching}>
              {t('common.save')}
            </Button>
            <Button
              color="red.9"
              onClick={() => {
                if (window.confirm(t('collections.deleteConfirm', { title: c.title }))) {
                  void remove({ id: c.id }).then((r) => !r.error && navigate('/catalogue'));
                }
              }}
            >
              {t('common.delete')}
            </Button>
            <SavedNote shown={done} />
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

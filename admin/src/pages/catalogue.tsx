import { useState } from 'react';
import { Button, Card, Group, List, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { ConsoleCollectionsDocument, ConsoleCreateCategoryDocument, ConsoleCreateCollectionDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { ErrorNote, Loading, PageHeader } from '../ui';
import { CategoryTree } from './catalogue-categories';
import { Link, navigate } from '../router';

export default function Catalogue() {
  const { t } = useI18n();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleCollectionsDocument });
  const [col, createCollection] = useMutation(ConsoleCreateCollectionDocument);
  const [cat, createCategory] = useMutation(ConsoleCreateCategoryDocument);
  const [title, setTitle] = useState('');
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const categories = data?.productCategories.items ?? [];
  return (
    <>
      <PageHeader title={t('nav.catalogue')}>
        <Button variant="default" onClick={() => navigate('/catalogue/templates')}>
          {t('catalogue.templates')}
        </Button>
      </PageHeader>
      <Loading fetching={fetching} error={error}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Card withBorder>
            <Title order={3} size="h4" mb="sm">
              {t('catalogue.collections')}
            </Title>
            <List mb="md">
              {data?.collections.items.map((c) => (
                <List.Item key={c.id}>
                  <Link to={`/catalogue/collections/${c.id}`}>{c.title}</Link>
                </List.Item>
              ))}
            </List>
            <ErrorNote error={col.error} />
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void createCollection({ input: { title } }).then((r) => {
                  if (!r.error) {
                    setTitle('');
                    refetch({ requestPolicy: 'network-only' });
                  }
                });
              }}
            >
              <Group align="end">
                <TextInput label={t('common.title')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
                <Button type="submit">{t('common.create')}</Button>
              </Group>
            </form>
          </Card>
          <Card withBorder>
            <Title order={3} size="h4" mb="sm">
              {t('catalogue.categories')}
            </Title>
            <CategoryTree all={categories} reload={() => refetch({ requestPolicy: 'network-only' })} />
            <ErrorNote error={cat.error} />
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void createCategory({ input: { name, parent_category_id: parent || null } }).then((r) => {
                  if (!r.error) {
                    setName('');
                    refetch({ requestPolicy: 'network-only' });
                  }
                });
              }}
            >
              <Stack mt="md">
                <TextInput label={t('catalogue.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} />
                <NativeSelect
                  label={t('catalogue.parent')}
                  value={parent}
                  onChange={(e) => setParent(e.currentTarget.value)}
                  data={[{ value: '', label: '–' }, ...categories.map((c) => ({ value: c.id, label: c.name }))]}
                />
                <Button type="submit" w="fit-content">
                  {t('common.create')}
                </Button>
              </Stack>
            </form>
          </Card>
        </SimpleGrid>
      </Loading>
    </>
  );
}

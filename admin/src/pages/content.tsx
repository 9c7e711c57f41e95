import { Button, Table, Tabs } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsolePagesDocument, ConsolePostsDocument } from '../graphql/generated';
import { useI18n } from '../i18n';
import { Link, navigate } from '../router';
import { Loading, PageHeader, StatusBadge } from '../ui';

/** Blog posts and CMS pages (`tab`: the one shown first). */
export default function Content({ tab = 'posts' }: { tab?: string }) {
  const { t, date } = useI18n();
  const [posts] = useQuery({ query: ConsolePostsDocument });
  const [pages] = useQuery({ query: ConsolePagesDocument });
  return (
    <>
      <PageHeader title={t('nav.content')}>
        <Button onClick={() => navigate('/content/posts/new')}>{t('content.newPost')}</Button>
        <Button variant="default" onClick={() => navigate('/content/pages/new')}>
          {t('pages.new')}
        </Button>
      </PageHeader>
      <Tabs defaultValue={tab}>
        <Tabs.List mb="md">
          <Tabs.Tab value="posts">{t('content.posts')}</Tabs.Tab>
          <Tabs.Tab value="pages">{t('content.pages')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="posts">
          <Loading fetching={posts.fetching} error={posts.error}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('common.title')}</Table.Th>
                  <Table.Th>{t('content.locale')}</Table.Th>
                  <Table.Th>{t('common.status')}</Table.Th>
                  <Table.Th>{t('content.scheduleAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {posts.data?.adminBlogPosts.items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Link to={`/content/posts/${p.id}`}>{p.variants[0]?.title ?? p.slug}</Link>
                    </Table.Td>
                    <Table.Td>{p.variants.map((v) => v.locale).join(', ')}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={p.status} />
                    </Table.Td>
                    <Table.Td>{date(p.published_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Loading>
        </Tabs.Panel>
        <Tabs.Panel value="pages">
          <Loading fetching={pages.fetching} error={pages.error}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('common.title')}</Table.Th>
                  <Table.Th>{t('pages.slug')}</Table.Th>
                  <Table.Th>{t('content.locale')}</Table.Th>
                  <Table.Th>{t('common.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pages.data?.adminPages.items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Link to={`/content/pages/${p.id}`}>{p.variants[0]?.title ?? p.slug}</Link>
                    </Table.Td>
                    <Table.Td>{p.slug}</Table.Td>
                    <Table.Td>{p.variants.map((v) => v.locale).join(', ')}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={p.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Loading>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

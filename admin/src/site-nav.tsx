import { Button, Group } from '@mantine/core';
import { useI18n, type MessageKey } from './i18n';
import { Link, usePath } from './router';
import { PageHeader } from './ui';

/** An input's description in a darker grey than Mantine's dimmed one (which fails WCAG AA contrast). */
export const HINT = { description: { color: 'var(--mantine-color-gray-7)' } };

/** The Site section's pages (each its own chunk), in the order of its navigation. */
const SITE_PAGES: [string, MessageKey][] = [
  ['/site/redirects', 'site.redirects'],
  ['/site/locales', 'site.locales'],
  ['/site/theme', 'site.theme'],
  ['/site/sections', 'site.sections'],
  ['/site/brand', 'site.brand'],
  ['/site/menus', 'site.menus'],
  ['/site/metafields', 'site.metafields'],
  ['/site/translations', 'site.translations'],
  ['/site/currencies', 'site.currencies'],
];

/** A Site page's heading ("Site: Redirects") and the links to the section's other pages. */
export function SiteHeader({ page }: { page: MessageKey }) {
  const { t } = useI18n();
  const path = usePath();
  const current = path === '/site' ? '/site/redirects' : path;
  return (
    <>
      <PageHeader title={`${t('nav.site')}: ${t(page)}`} />
      <Group component="nav" aria-label={t('nav.site')} gap="xs" mb="lg">
        {SITE_PAGES.map(([to, label]) => (
          <Button
            key={to}
            component={Link}
            to={to}
            size="xs"
            variant={current === to ? 'filled' : 'default'}
            aria-current={current === to ? 'page' : undefined}
          >
            {t(label)}
          </Button>
        ))}
      </Group>
    </>
  );
}

import { Button, Group } from '@mantine/core';
import { useI18n, type MessageKey } from '../i18n';
import { Link, usePath } from '../router';

const PARTS: [string, MessageKey][] = [
  ['/marketing', 'marketingNav.social'],
  ['/marketing/email', 'marketingNav.email'],
  ['/marketing/consent', 'marketingNav.consent'],
];

/** The Marketing pages' own navigation: social posts and metrics, email, cookie consent (each page its own chunk). */
export function MarketingNav() {
  const { t } = useI18n();
  const path = usePath();
  const current = [...PARTS].reverse().find(([p]) => path === p || path.startsWith(`${p}/`))?.[0];
  return (
    <Group component="nav" aria-label={t('marketingNav.label')} gap="xs" mb="md">
      {PARTS.map(([to, label]) => (
        <Button key={to} component={Link} to={to} size="xs" variant={current === to ? 'filled' : 'default'} aria-current={current === to ? 'page' : undefined}>
          {t(label)}
        </Button>
      ))}
    </Group>
  );
}

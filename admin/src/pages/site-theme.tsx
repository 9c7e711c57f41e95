import { useEffect, useState, type CSSProperties } from 'react';
import { ActionIcon, Box, Button, Card, ColorSwatch, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from 'urql';
import { ConsoleThemeDocument, ConsoleUpdateThemeTokensDocument } from '../graphql/generated';
import { useI18n, type MessageKey } from '../i18n';
import { SiteHeader } from '../site-nav';
import { ErrorNote, Loading, SavedNote, Section } from '../ui';

type Pair = { name: string; value: string };
type Type = { name: string; font_family: string; font_size: string; font_weight: string; line_height: string };
interface Tokens {
  colors: Pair[];
  spacing: Pair[];
  radii: Pair[];
  typography: Type[];
}

const pairs = (o: unknown): Pair[] => Object.entries((o ?? {}) as Record<string, unknown>).map(([name, value]) => ({ name, value: String(value) }));
const types = (o: unknown): Type[] =>
  Object.entries((o ?? {}) as Record<string, Record<string, unknown>>).map(([name, v]) => ({
    name,
    font_family: String(v.font_family ?? ''),
    font_size: String(v.font_size ?? ''),
    font_weight: v.font_weight == null ? '' : String(v.font_weight),
    line_height: v.line_height == null ? '' : String(v.line_height),
  }));
const object = (rows: Pair[]) => Object.fromEntries(rows.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.value.trim()]));
const typography = (rows: Type[]) =>
  Object.fromEntries(
    rows
      .filter((r) => r.name.trim())
      .map((r) => [
        r.name.trim(),
        {
          font_family: r.font_family.trim(),
          font_size: r.font_size.trim(),
          ...(r.font_weight.trim() ? { font_weight: Number(r.font_weight) } : {}),
          ...(r.line_height.trim() ? { line_height: Number(r.line_height) } : {}),
        },
      ]),
  );

/** name → value rows of one token group (colors with a swatch), rows added and removed */
function PairRows({ group, rows, onChange, color }: { group: string; rows: Pair[]; onChange: (rows: Pair[]) => void; color?: boolean }) {
  const { t } = useI18n();
  const set = (i: number, patch: Partial<Pair>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack gap="xs">
      {rows.map((r, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="center">
          <TextInput aria-label={t('theme.tokenName', { group })} value={r.name} onChange={(e) => set(i, { name: e.currentTarget.value })} w={130} size="xs" />
          <TextInput
            aria-label={`${group} ${r.name}`}
            value={r.value}
            onChange={(e) => set(i, { value: e.currentTarget.value })}
            size="xs"
            flex={1}
            leftSection={color ? <ColorSwatch color={r.value} size={14} /> : undefined}
          />
          <ActionIcon variant="default" aria-label={t('theme.removeToken', { name: r.name || '…' })} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button size="xs" variant="default" w="fit-content" onClick={() => onChange([...rows, { name: '', value: '' }])}>
        {t('theme.addToken')}
      </Button>
    </Stack>
  );
}

const value = (rows: Pair[], name: string, fallback: string) => rows.find((r) => r.name === name)?.value || fallback;
function fontOf(rows: Type[], name: string): CSSProperties {
  const r = rows.find((x) => x.name === name);
  if (!r) return {};
  return {
    fontFamily: r.font_family,
    fontSize: r.font_size,
    fontWeight: r.font_weight ? Number(r.font_weight) : undefined,
    lineHeight: r.line_height || undefined,
  };
}

/** Sample storefront UI drawn with the tokens being edited (not the saved ones): a hero, a product card, buttons, a badge. */
function Preview({ tokens }: { tokens: Tokens }) {
  const { t } = useI18n();
  const c = (n: string, f: string) => value(tokens.colors, n, f);
  const space = value(tokens.spacing, 'md', '16px');
  const radius = value(tokens.radii, 'md', '8px');
  const vars = Object.fromEntries([
    ...tokens.colors.map((r) => [`--color-${r.name}`, r.value]),
    ...tokens.spacing.map((r) => [`--spacing-${r.name}`, r.value]),
    ...tokens.radii.map((r) => [`--radius-${r.name}`, r.value]),
  ]);
  return (
    <Box
      role="region"
      aria-label={t('theme.preview')}
      data-testid="theme-preview"
      style={{
        ...vars,
        background: c('background', '#fff'),
        color: c('text', '#111'),
        padding: space,
        borderRadius: radius,
        border: '1px solid #ccc',
        ...fontOf(tokens.typography, 'body'),
      }}
    >
      <div style={{ ...fontOf(tokens.typography, 'heading'), color: c('primary', '#111'), marginBottom: space }}>{t('theme.sampleHeading')}</div>
      <p style={{ margin: `0 0 ${space}` }}>{t('theme.sampleText')}</p>
      <div style={{ display: 'flex', gap: space, flexWrap: 'wrap', marginBottom: space }}>
        <span
          data-testid="preview-primary"
          style={{ background: c('primary', '#111'), color: c('background', '#fff'), padding: `calc(${space} / 2) ${space}`, borderRadius: radius }}
        >
          {t('theme.sampleButton')}
        </span>
        <span style={{ border: `2px solid ${c('secondary', '#666')}`, padding: `calc(${space} / 2) ${space}`, borderRadius: radius }}>
          {t('theme.sampleSecondary')}
        </span>
        <span
          style={{
            background: c('accent', '#25e'),
            color: '#fff',
            padding: `2px ${space}`,
            borderRadius: value(tokens.radii, 'full', value(tokens.radii, 'pill', '999px')),
          }}
        >
          {t('theme.sampleBadge')}
        </span>
      </div>
      <div style={{ border: `1px solid ${c('secondary', '#666')}`, borderRadius: radius, padding: space, maxWidth: 260 }}>
        <div style={{ background: c('secondary', '#666'), height: 80, borderRadius: value(tokens.radii, 'sm', '4px'), marginBottom: space }} />
        <div style={{ fontWeight: 600 }}>Classic Organic Tee</div>
        <div style={{ color: c('accent', '#25e') }}>€29.00</div>
      </div>
    </Box>
  );
}

const GROUPS: ['colors' | 'spacing' | 'radii', MessageKey][] = [
  ['colors', 'theme.colors'],
  ['spacing', 'theme.spacing'],
  ['radii', 'theme.radii'],
];

/** The theme's design tokens (colors, typography, spacing, radii) edited beside a live preview; saving replaces the four groups. */
export default function SiteTheme() {
  const { t } = useI18n();
  const [{ data, fetching, error }] = useQuery({ query: ConsoleThemeDocument });
  const [saved, save] = useMutation(ConsoleUpdateThemeTokensDocument);
  const [tokens, setTokens] = useState<Tokens | null>(null);
  const [done, setDone] = useState(false);
  const theme = saved.data?.updateThemeTokens ?? data?.theme;
  useEffect(() => {
    if (data?.theme && !tokens) {
      const k = data.theme.tokens;
      setTokens({ colors: pairs(k.colors), spacing: pairs(k.spacing), radii: pairs(k.radii), typography: types(k.typography) });
    }
  }, [data, tokens]);
  const set = (patch: Partial<Tokens>) => {
    setDone(false);
    setTokens((x) => (x ? { ...x, ...patch } : x));
  };
  const setType = (i: number, patch: Partial<Type>) => tokens && set({ typography: tokens.typography.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <>
      <SiteHeader page="site.theme" />
      <Loading fetching={fetching} error={error}>
        {tokens && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void save({
                  input: {
                    colors: object(tokens.colors),
                    spacing: object(tokens.spacing),
                    radii: object(tokens.radii),
                    typography: typography(tokens.typography),
                  },
                }).then((r) => setDone(!r.error));
              }}
            >
              <Stack>
                <ErrorNote error={saved.error} />
                {GROUPS.map(([g, label]) => (
                  <Section key={g} title={t(label)}>
                    <PairRows group={t(label)} rows={tokens[g]} color={g === 'colors'} onChange={(rows) => set({ [g]: rows })} />
                  </Section>
                ))}
                <Section title={t('theme.typography')}>
                  <Stack gap="sm">
                    {tokens.typography.map((r, i) => (
                      <Card key={i} withBorder p="xs">
                        <Group gap="xs" align="end">
                          <TextInput
                            size="xs"
                            label={t('theme.tokenName', { group: t('theme.typography') })}
                            value={r.name}
                            onChange={(e) => setType(i, { name: e.currentTarget.value })}
                            w={110}
                          />
                          <TextInput
                            size="xs"
                            label={t('theme.fontFamily', { name: r.name })}
                            value={r.font_family}
                            onChange={(e) => setType(i, { font_family: e.currentTarget.value })}
                            flex={1}
                            miw={180}
                          />
                          <TextInput
                            size="xs"
                            label={t('theme.fontSize', { name: r.name })}
                            value={r.font_size}
                            onChange={(e) => setType(i, { font_size: e.currentTarget.value })}
                            w={90}
                          />
                          <TextInput
                            size="xs"
                            label={t('theme.fontWeight', { name: r.name })}
                            value={r.font_weight}
                            onChange={(e) => setType(i, { font_weight: e.currentTarget.value })}
                            w={90}
                          />
                          <TextInput
                            size="xs"
                            label={t('theme.lineHeight', { name: r.name })}
                            value={r.line_height}
                            onChange={(e) => setType(i, { line_height: e.currentTarget.value })}
                            w={90}
                          />
                          <ActionIcon
                            variant="default"
                            aria-label={t('theme.removeToken', { name: r.name || '…' })}
                            onClick={() => set({ typography: tokens.typography.filter((_, j) => j !== i) })}
                          >
                            ×
                          </ActionIcon>
                        </Group>
                      </Card>
                    ))}
                    <Button
                      size="xs"
                      variant="default"
                      w="fit-content"
                      onClick={() =>
                        set({ typography: [...tokens.typography, { name: '', font_family: '', font_size: '', font_weight: '', line_height: '' }] })
                      }
                    >
                      {t('theme.addToken')}
                    </Button>
                  </Stack>
                </Section>
                <Group>
                  <Button type="submit" loading={saved.fetching}>
                    {t('common.save')}
                  </Button>
                  <SavedNote shown={done} />
                  {theme && (
                    <Text size="sm" c="gray.7">
                      {t('theme.version', { version: theme.version })}
                    </Text>
                  )}
                </Group>
              </Stack>
            </form>
            <Box>
              <Title order={3} size="h4" mb="sm">
                {t('theme.preview')}
              </Title>
              <Text size="sm" c="gray.7" mb="sm">
                {t('theme.previewHint')}
              </Text>
              <Box pos="sticky" top={70}>
                <Preview tokens={tokens} />
              </Box>
            </Box>
          </SimpleGrid>
        )}
      </Loading>
    </>
  );
}

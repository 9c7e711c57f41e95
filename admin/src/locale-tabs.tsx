import { useMemo, type ReactNode } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Tabs, TextInput, Textarea, Title, Typography } from '@mantine/core';
import { marked } from 'marked';
import { useI18n } from './i18n';

/** The live preview: Markdown to HTML with raw HTML escaped (the platform sanitizes bodies when it stores them). */
function Preview({ markdown }: { markdown: string }) {
  const html = useMemo(() => marked.parse(markdown.replace(/</g, '&lt;'), { async: false }), [markdown]);
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

interface LocaleVariant {
  locale: string;
  title: string;
  body: string;
}

/**
 * The locale variants of a post or a page as tabs: each with its locale, title, the fields `extra`
 * adds, the Markdown body and its live preview; "+ Locale" adds one (`blank` gives its other fields).
 */
export function LocaleTabs<V extends LocaleVariant>(props: {
  variants: V[];
  onChange: (variants: V[]) => void;
  tab: string | null;
  onTab: (tab: string | null) => void;
  blank: (locale: string) => V;
  extra?: (v: V, set: (patch: Partial<V>) => void) => ReactNode;
  bodyLabel?: string;
  /** the preview of a body that is not Markdown */
  preview?: (v: V) => ReactNode;
}) {
  const { t } = useI18n();
  const { variants, onChange } = props;
  const setVariant = (i: number, patch: Partial<V>) => onChange(variants.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  return (
    <>
      <Button
        variant="subtle"
        size="xs"
        mb="xs"
        onClick={() => {
          onChange([...variants, props.blank(variants.some((v) => v.locale === 'de') ? 'fr' : 'de')]);
          props.onTab(String(variants.length));
        }}
      >
        + {t('content.locale')}
      </Button>
      <Tabs value={props.tab} onChange={props.onTab}>
        <Tabs.List mb="md">
          {variants.map((v, i) => (
            <Tabs.Tab key={i} value={String(i)}>
              {v.locale}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {variants.map((v, i) => (
          <Tabs.Panel key={i} value={String(i)}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Stack>
                <Group grow>
                  <TextInput label={t('content.locale')} value={v.locale} onChange={(e) => setVariant(i, { locale: e.currentTarget.value } as Partial<V>)} />
                  <TextInput
                    label={t('common.title')}
                    required
                    value={v.title}
                    onChange={(e) => setVariant(i, { title: e.currentTarget.value } as Partial<V>)}
                  />
                </Group>
                {props.extra?.(v, (patch) => setVariant(i, patch))}
                <Textarea
                  label={props.bodyLabel ?? t('content.body')}
                  autosize
                  minRows={14}
                  styles={{ input: { fontFamily: 'ui-monospace, monospace' } }}
                  value={v.body}
                  onChange={(e) => setVariant(i, { body: e.currentTarget.value } as Partial<V>)}
                />
              </Stack>
              <Card withBorder aria-label={t('content.preview')} component="section">
                <Title order={3} size="h5" c="gray.7" mb="xs">
                  {t('content.preview')}
                </Title>
                <Title order={2} mb="sm">
                  {v.title}
                </Title>
                {props.preview?.(v) ?? <Preview markdown={v.body} />}
              </Card>
            </SimpleGrid>
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

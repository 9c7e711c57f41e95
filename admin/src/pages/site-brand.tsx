import { useEffect, useState } from 'react';
import { Button, ColorSwatch, FileButton, Group, Image, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useClient, useMutation, useQuery } from 'urql';
import { ConsoleBrandDocument, ConsoleUpdateBrandDocument, ConsoleUploadMediaDocument, type ConsoleBrandFragment } from '../graphql/generated';
import { useI18n } from '../i18n';
import { SiteHeader } from '../site-nav';
import { ErrorNote, Loading, SavedNote, Section } from '../ui';

const COLORS = ['primary', 'secondary', 'accent', 'background', 'text'] as const;
const SOCIAL = ['facebook', 'instagram', 'x', 'tiktok', 'youtube', 'linkedin', 'pinterest'] as const;
const CONTACT = ['email', 'phone', 'address'] as const;

interface BrandDraft {
  logo: string;
  colors: Record<(typeof COLORS)[number], string>;
  heading_font: string;
  body_font: string;
  social: Record<(typeof SOCIAL)[number], string>;
  contact: Record<(typeof CONTACT)[number], string>;
}

const draftOf = (b: ConsoleBrandFragment): BrandDraft => ({
  logo: b.logo_media_id ?? '',
  colors: { ...b.colors },
  heading_font: b.typography.heading_font,
  body_font: b.typography.body_font,
  social: Object.fromEntries(SOCIAL.map((k) => [k, b.social_links[k] ?? ''])) as BrandDraft['social'],
  contact: Object.fromEntries(CONTACT.map((k) => [k, b.contact[k] ?? ''])) as BrandDraft['contact'],
});
/** an emptied field goes back to the default (`null`) */
const orNull = (s: string) => s.trim() || null;

/** The store's brand: the logo from the media library (or uploaded there), colors, fonts, social links and contact details. */
export default function SiteBrand() {
  const { t } = useI18n();
  const client = useClient();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConsoleBrandDocument });
  const [saved, save] = useMutation(ConsoleUpdateBrandDocument);
  const [d, setD] = useState<BrandDraft | null>(null);
  const [done, setDone] = useState(false);
  const [uploadError, setUploadError] = useState<Error | null>(null);
  useEffect(() => {
    if (data && !d) setD(draftOf(data.brand));
  }, [data, d]);
  const set = (patch: Partial<BrandDraft>) => {
    setDone(false);
    setD((x) => (x ? { ...x, ...patch } : x));
  };
  const media = data?.mediaList.items ?? [];
  const logo = media.find((m) => m.id === d?.logo) ?? (data?.brand.logo?.id === d?.logo ? data?.brand.logo : null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const r = await client.mutation(ConsoleUploadMediaDocument, { input: { filename: file.name, content_base64: btoa(binary) } }).toPromise();
    if (!r.data) return setUploadError(r.error ?? new Error('upload failed'));
    refetch({ requestPolicy: 'network-only' });
    set({ logo: r.data.uploadMedia.id });
  };
  return (
    <>
      <SiteHeader page="site.brand" />
      <Loading fetching={fetching} error={error}>
        {d && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save({
                input: {
                  logo_media_id: d.logo || null,
                  colors: Object.fromEntries(COLORS.map((k) => [k, orNull(d.colors[k])])),
                  typography: { heading_font: orNull(d.heading_font), body_font: orNull(d.body_font) },
                  social_links: Object.fromEntries(SOCIAL.map((k) => [k, orNull(d.social[k])])),
                  contact: Object.fromEntries(CONTACT.map((k) => [k, orNull(d.contact[k])])),
                },
              }).then((r) => {
                if (r.data) setD(draftOf(r.data.updateBrand));
                setDone(!r.error);
              });
            }}
          >
            <Stack>
              <ErrorNote error={saved.error ?? uploadError} />
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <Section title={t('brand.logo')}>
                  <Stack>
                    {logo ? (
                      <Image src={logo.url} alt={logo.alt ?? t('brand.logo')} h={80} w="auto" fit="contain" />
                    ) : (
                      <Text size="sm">{t('brand.noLogo')}</Text>
                    )}
                    <NativeSelect
                      label={t('brand.logoFromLibrary')}
                      value={d.logo}
                      onChange={(e) => set({ logo: e.currentTarget.value })}
                      data={[
                        { value: '', label: t('brand.noLogo') },
                        ...(d.logo && !media.some((m) => m.id === d.logo) ? [{ value: d.logo, label: d.logo }] : []),
                        ...media.map((m) => ({ value: m.id, label: m.alt ? `${m.filename} (${m.alt})` : m.filename })),
                      ]}
                    />
                    <FileButton onChange={(f) => void upload(f)} accept="image/png,image/jpeg,image/gif,image/webp,image/avif,image/svg+xml">
                      {(props) => (
                        <Button variant="default" w="fit-content" {...props}>
                          {t('brand.uploadLogo')}
                        </Button>
                      )}
                    </FileButton>
                  </Stack>
                </Section>
                <Section title={t('theme.colors')}>
                  <Stack gap="xs">
                    {COLORS.map((k) => (
                      <TextInput
                        key={k}
                        label={t(`brand.color.${k}`)}
                        value={d.colors[k]}
                        leftSection={<ColorSwatch color={d.colors[k]} size={14} />}
                        onChange={(e) => set({ colors: { ...d.colors, [k]: e.currentTarget.value } })}
                      />
                    ))}
                  </Stack>
                </Section>
                <Section title={t('theme.typography')}>
                  <Stack gap="xs">
                    <TextInput label={t('brand.headingFont')} value={d.heading_font} onChange={(e) => set({ heading_font: e.currentTarget.value })} />
                    <TextInput label={t('brand.bodyFont')} value={d.body_font} onChange={(e) => set({ body_font: e.currentTarget.value })} />
                  </Stack>
                </Section>
                <Section title={t('brand.contact')}>
                  <Stack gap="xs">
                    <TextInput
                      label={t('brand.email')}
                      value={d.contact.email}
                      onChange={(e) => set({ contact: { ...d.contact, email: e.currentTarget.value } })}
                    />
                    <TextInput
                      label={t('brand.phone')}
                      value={d.contact.phone}
                      onChange={(e) => set({ contact: { ...d.contact, phone: e.currentTarget.value } })}
                    />
                    <Textarea
                      label={t('brand.address')}
                      autosize
                      minRows={2}
                      value={d.contact.address}
                      onChange={(e) => set({ contact: { ...d.contact, address: e.currentTarget.value } })}
                    />
                  </Stack>
                </Section>
                <Section title={t('brand.social')}>
                  <Stack gap="xs">
                    {SOCIAL.map((k) => (
                      <TextInput
                        key={k}
                        type="url"
                        label={k === 'x' ? 'X' : k[0].toUpperCase() + k.slice(1)}
                        value={d.social[k]}
                        onChange={(e) => set({ social: { ...d.social, [k]: e.currentTarget.value } })}
                      />
                    ))}
                  </Stack>
                </Section>
              </SimpleGrid>
              <Group>
                <Button type="submit" loading={saved.fetching}>
                  {t('common.save')}
                </Button>
                <SavedNote shown={done} />
              </Group>
            </Stack>
          </form>
        )}
      </Loading>
    </>
  );
}

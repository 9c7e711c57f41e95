/** What is sold with a price per currency and a time (event tickets, tour departures): price rows and zoned times. */
import { ActionIcon, Button, Group, Image, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from 'urql';
import { ConsoleImageLibraryDocument } from './graphql/generated';
import { useI18n, type MessageKey } from './i18n';

/** the digits after the decimal point a currency has (EUR 2, JPY 0, KWD 3); null for a code Intl does not know */
export function currencyDigits(code: string): number | null {
  if (!/^[a-z]{3}$/.test(code)) return null;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return null;
  }
}

/** a price being edited: the currency code and the amount in major units, as typed */
export interface PriceRow {
  currency: string;
  amount: string;
}

/** the API's prices (major units) as rows, with the currency's decimals */
export const priceRowsOf = (prices: readonly { currency_code: string; amount: number }[]): PriceRow[] =>
  prices.map((x) => ({ currency: x.currency_code, amount: x.amount.toFixed(currencyDigits(x.currency_code) ?? 2) }));

/** the rows as the API takes them (decimal strings) */
export const priceInput = (rows: PriceRow[]) => rows.map((p) => ({ currency_code: p.currency, amount: p.amount.trim() }));

/** what is wrong with price rows, keyed `prices`, `currency<i>` and `amount<i>` (nothing: they may be saved) */
export function priceProblems(rows: PriceRow[]): Record<string, MessageKey> {
  const out: Record<string, MessageKey> = {};
  if (!rows.length) out.prices = 'prices.required';
  const seen = new Set<string>();
  rows.forEach((p, i) => {
    const digits = currencyDigits(p.currency);
    if (digits === null) out[`currency${i}`] = 'plans.badCurrency';
    else if (seen.has(p.currency)) out[`currency${i}`] = 'plans.duplicateCurrency';
    seen.add(p.currency);
    const m = /^(\d{1,10})(?:\.(\d+))?$/.exec(p.amount.trim());
    if (!m) out[`amount${i}`] = 'plans.badAmount';
    else if (digits !== null && (m[2] ?? '').replace(/0+$/, '').length > digits) out[`amount${i}`] = 'plans.tooPrecise';
  });
  return out;
}

/** Prices per currency in major units: a row per currency (code, amount, remove) and "Add price". */
export function PriceRows({ rows, onChange, err }: { rows: PriceRow[]; onChange: (rows: PriceRow[]) => void; err: (field: string) => string | undefined }) {
  const { t } = useI18n();
  const setRow = (i: number, patch: Partial<PriceRow>) => onChange(rows.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('plans.prices')}
      </Text>
      {rows.map((p, i) => (
        <Group key={i} align="start">
          <TextInput
            label={t('product.currency')}
            w={110}
            maxLength={3}
            value={p.currency}
            error={err(`currency${i}`)}
            onChange={(e) => setRow(i, { currency: e.currentTarget.value.toLowerCase() })}
          />
          <TextInput
            label={t('plans.amountMajor')}
            inputMode="decimal"
            value={p.amount}
            error={err(`amount${i}`)}
            onChange={(e) => setRow(i, { amount: e.currentTarget.value })}
          />
          <ActionIcon
            mt={26}
            variant="default"
            aria-label={t('plans.removePrice', { currency: p.currency || '–' })}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {err('prices') && (
        <Text size="sm" c="red.9">
          {err('prices')}
        </Text>
      )}
      <Group>
        <Button variant="default" size="xs" onClick={() => onChange([...rows, { currency: '', amount: '' }])}>
          {t('product.addPrice')}
        </Button>
      </Group>
    </Stack>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** whether `zone` is an IANA time zone this browser knows */
export function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** the offset of `zone` from UTC, in minutes, at the instant `ms` */
function offsetAt(ms: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return Math.round((Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second) - ms) / 60_000);
}

/** A wall time in a time zone (`2027-06-10T09:00` in Europe/Berlin) as the API's instant (`2027-06-10T09:00:00+02:00`); null when not one. */
export function zonedInstant(local: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m || !validZone(zone)) return null;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]);
  const offset = offsetAt(wall - offsetAt(wall, zone) * 60_000, zone);
  const a = Math.abs(offset);
  return `${local}:00${offset < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

/** A date-time in its own time zone (an event's 09:00 in Berlin stays 09:00 wherever the admin is). */
export function useZonedTime(): (iso: string, zone: string) => string {
  const { lang } = useI18n();
  return (iso, zone) => {
    try {
      return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(iso));
    } catch {
      return iso;
    }
  };
}

/** The API's instant, written with its own zone's offset, as the wall time of a `datetime-local` field. */
export const wallTime = (iso: string | null | undefined): string => (iso ? iso.slice(0, 16) : '');

/** An image URL picked from the media library (its absolute URL) or typed, with a preview. */
export function ImageField({ label, value, onChange, error }: { label: string; value: string; onChange: (url: string) => void; error?: string }) {
  const { t } = useI18n();
  const [{ data }] = useQuery({ query: ConsoleImageLibraryDocument });
  const library = (data?.mediaList.items ?? []).map((m) => ({
    value: new URL(m.url, location.origin).toString(),
    label: m.alt ? `${m.filename} (${m.alt})` : m.filename,
  }));
  return (
    <Stack gap="xs">
      <Group align="end" grow>
        <NativeSelect
          label={t('offers.imageFromLibrary', { label })}
          value={library.some((m) => m.value === value) ? value : ''}
          onChange={(e) => e.currentTarget.value && onChange(e.currentTarget.value)}
          data={[{ value: '', label: t('offers.pickImage') }, ...library]}
        />
        <TextInput label={label} value={value} error={error} onChange={(e) => onChange(e.currentTarget.value)} />
      </Group>
      {value && <Image src={value} alt={label} h={80} w="auto" fit="contain" />}
    </Stack>
  );
}

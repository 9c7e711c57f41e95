import { Button, Group } from '@mantine/core';
import { useI18n, type MessageKey } from './i18n';

/** Where a quote may go next, as the quotes domain allows it (new → sent → accepted | declined | expired) */
const NEXT: Record<string, string[]> = {
  new: ['sent', 'accepted', 'declined', 'expired'],
  sent: ['accepted', 'declined', 'expired'],
};
const LABELS: Record<string, MessageKey> = {
  sent: 'quotes.markSent',
  accepted: 'quotes.markAccepted',
  declined: 'quotes.markDeclined',
  expired: 'quotes.markExpired',
};

/** The buttons that move a quote to the statuses its own allows (none once it is final). */
export function QuoteMoves({ quote, busy, onMove }: { quote: { number: string; status: string }; busy: boolean; onMove: (to: string) => void }) {
  const { t } = useI18n();
  return (
    <Group gap="xs">
      {(NEXT[quote.status] ?? []).map((to) => (
        <Button
          key={to}
          size="xs"
          variant={to === 'declined' || to === 'expired' ? 'outline' : 'default'}
          color={to === 'declined' || to === 'expired' ? 'red.9' : undefined}
          aria-label={`${t(LABELS[to])} ${quote.number}`}
          disabled={busy}
          onClick={() => onMove(to)}
        >
          {t(LABELS[to])}
        </Button>
      ))}
    </Group>
  );
}

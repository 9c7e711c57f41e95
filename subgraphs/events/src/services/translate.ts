import { overlaid, TranslationOverlay, type FieldOverrides, type RequestContext } from '@svc/kit';
import type { EventDetailView, EventView, RegistrationView, TicketView } from './views';

/** What the localization domain may override, per resource type of this domain. */
const EVENT_FIELDS = ['title', 'subtitle', 'description'] as const;
const SESSION_FIELDS = ['title', 'description'] as const;
const SPEAKER_FIELDS = ['title', 'bio'] as const;
const TICKET_FIELDS = ['name', 'description'] as const;

type Keys = Record<string, string[]>;

/**
 * The storefront's answers in the request's locale (`?locale=`, else the request's locale, else
 * the store's default): the overrides the localization domain holds for `event`, `event_session`,
 * `event_speaker` and `event_ticket_type` (through the supergraph, cached per tenant by the kit's
 * TranslationOverlay) laid over copies of the documents. Admin reads are never translated.
 */
export class EventsTranslator {
  constructor(readonly overlay: TranslationOverlay) {}

  private async lookup(ctx: RequestContext, keys: Keys, locale?: string | null): Promise<Map<string, FieldOverrides> | null> {
    if (!ctx.publishableKey || !(locale ?? ctx.locale)) return null;
    const found = await this.overlay.lookup(ctx, keys, locale);
    return found.size ? found : null;
  }

  async events<T extends EventView>(ctx: RequestContext, docs: T[], locale?: string | null): Promise<T[]> {
    const o = docs.length ? await this.lookup(ctx, { event: docs.map((d) => d.id) }, locale) : null;
    return o ? docs.map((d) => overlaid(d, o.get(`event|${d.id}`), EVENT_FIELDS)) : docs;
  }

  async detail(ctx: RequestContext, doc: EventDetailView, locale?: string | null): Promise<EventDetailView> {
    const keys: Keys = { event: [doc.id], event_session: doc.sessions.map((s) => s.id), event_speaker: doc.speakers.map((s) => s.id) };
    const o = await this.lookup(ctx, keys, locale);
    if (!o) return doc;
    const speaker = <S extends { id: string }>(s: S) => overlaid(s, o.get(`event_speaker|${s.id}`), SPEAKER_FIELDS);
    return {
      ...overlaid(doc, o.get(`event|${doc.id}`), EVENT_FIELDS),
      speakers: doc.speakers.map(speaker),
      sessions: doc.sessions.map((s) => ({ ...overlaid(s, o.get(`event_session|${s.id}`), SESSION_FIELDS), speakers: s.speakers.map(speaker) })),
    };
  }

  async tickets(ctx: RequestContext, docs: TicketView[], locale?: string | null): Promise<TicketView[]> {
    const o = docs.length ? await this.lookup(ctx, { event_ticket_type: docs.map((d) => d.id) }, locale) : null;
    return o ? docs.map((d) => overlaid(d, o.get(`event_ticket_type|${d.id}`), TICKET_FIELDS)) : docs;
  }

  async registrations(ctx: RequestContext, docs: RegistrationView[]): Promise<RegistrationView[]> {
    const o = docs.length ? await this.lookup(ctx, { event: docs.map((d) => d.event_id), event_ticket_type: docs.map((d) => d.ticket_type_id) }) : null;
    if (!o) return docs;
    return docs.map((d) => ({
      ...d,
      ticket_name: o.get(`event_ticket_type|${d.ticket_type_id}`)?.name ?? d.ticket_name,
      event: overlaid(d.event, o.get(`event|${d.event_id}`), ['title'] as const),
    }));
  }
}

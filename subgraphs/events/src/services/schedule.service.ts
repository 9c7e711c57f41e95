import { Errors, requireTenant, type RequestContext, type Store } from '@svc/kit';
import { Event, EventSession, Speaker } from '../entities/event.entity';
import type { SessionData, SpeakerData, UpdateSessionData, UpdateSpeakerData } from '../inputs/event.input';
import type { EventService } from './event.service';
import { toSessionView, toSpeakerView, type SessionView, type SpeakerView } from './views';

const nullable = <T>(v: T | null | undefined): T | null | undefined => (v === undefined ? undefined : (v ?? null));

/** An event's speakers and schedule (admin writes); each change is an `event.updated` of its event. */
export class ScheduleService {
  constructor(
    private readonly store: Store,
    private readonly events: EventService,
  ) {}

  async createSpeaker(ctx: RequestContext, eventId: string, input: SpeakerData): Promise<SpeakerView> {
    const tenantId = requireTenant(ctx);
    let view!: SpeakerView;
    await this.events.change(ctx, eventId, async (em, e) => {
      const s = em.create(Speaker, {
        tenantId,
        event: e,
        name: input.name,
        title: input.title ?? null,
        company: input.company ?? null,
        bio: input.bio ?? null,
        photoUrl: input.photo_url ?? null,
        rank: input.rank ?? 0,
      });
      view = toSpeakerView(s);
      return ['speakers'];
    });
    return view;
  }

  async updateSpeaker(ctx: RequestContext, id: string, input: UpdateSpeakerData): Promise<SpeakerView> {
    const s = await this.speaker(ctx, id);
    let view!: SpeakerView;
    await this.events.change(ctx, s.event.id, async (em) => {
      const row = await em.findOneOrFail(Speaker, { id });
      if (input.name !== undefined) row.name = input.name;
      const set = (v: string | null | undefined, f: (x: string | null) => void) => v !== undefined && f(v ?? null);
      set(nullable(input.title), (x) => (row.title = x));
      set(nullable(input.company), (x) => (row.company = x));
      set(nullable(input.bio), (x) => (row.bio = x));
      set(nullable(input.photo_url), (x) => (row.photoUrl = x));
      if (input.rank !== undefined && input.rank !== null) row.rank = input.rank;
      view = toSpeakerView(row);
      return ['speakers'];
    });
    return view;
  }

  /** Removes a speaker, and from every session of the event. */
  async deleteSpeaker(ctx: RequestContext, id: string): Promise<SpeakerView> {
    const s = await this.speaker(ctx, id);
    await this.events.change(ctx, s.event.id, async (em) => {
      for (const session of await em.find(EventSession, { event: s.event.id })) {
        if (session.speakerIds.includes(id)) session.speakerIds = session.speakerIds.filter((x) => x !== id);
      }
      em.remove(em.getReference(Speaker, id));
      return ['speakers'];
    });
    return toSpeakerView(s);
  }

  async createSession(ctx: RequestContext, eventId: string, input: SessionData): Promise<SessionView> {
    const tenantId = requireTenant(ctx);
    let view!: SessionView;
    await this.events.change(ctx, eventId, async (em, e) => {
      const speakers = await this.speakersOf(ctx, e, input.speaker_ids ?? []);
      const s = em.create(EventSession, {
        tenantId,
        event: e,
        title: input.title,
        description: input.description ?? null,
        startsAt: new Date(input.starts_at),
        endsAt: new Date(input.ends_at),
        room: input.room ?? null,
        track: input.track ?? null,
        speakerIds: [...speakers.keys()],
      });
      view = toSessionView(s, e.timeZone, speakers);
      return ['sessions'];
    });
    return view;
  }

  async updateSession(ctx: RequestContext, id: string, input: UpdateSessionData): Promise<SessionView> {
    const found = await this.store.em(ctx).findOne(EventSession, { id }, { populate: ['event'] });
    if (!found) throw Errors.notFound('Session', id);
    let view!: SessionView;
    await this.events.change(ctx, found.event.id, async (em, e) => {
      const s = await em.findOneOrFail(EventSession, { id });
      if (input.title !== undefined) s.title = input.title;
      if (input.description !== undefined) s.description = input.description ?? null;
      if (input.starts_at) s.startsAt = new Date(input.starts_at);
      if (input.ends_at) s.endsAt = new Date(input.ends_at);
      if (s.endsAt < s.startsAt) throw Errors.invalidField('ends_at', 'ends_at must not be before starts_at');
      if (input.room !== undefined) s.room = input.room ?? null;
      if (input.track !== undefined) s.track = input.track ?? null;
      if (input.speaker_ids !== undefined) s.speakerIds = [...(await this.speakersOf(ctx, e, input.speaker_ids ?? [])).keys()];
      view = toSessionView(s, e.timeZone, await this.speakersOf(ctx, e, s.speakerIds));
      return ['sessions'];
    });
    return view;
  }

  async deleteSession(ctx: RequestContext, id: string): Promise<boolean> {
    const found = await this.store.em(ctx).findOne(EventSession, { id });
    if (!found) throw Errors.notFound('Session', id);
    await this.events.change(ctx, found.event.id, async (em) => {
      em.remove(em.getReference(EventSession, id));
      return ['sessions'];
    });
    return true;
  }

  private async speaker(ctx: RequestContext, id: string): Promise<Speaker> {
    const s = await this.store.em(ctx).findOne(Speaker, { id });
    if (!s) throw Errors.notFound('Speaker', id);
    return s;
  }

  /** The speakers named, all of the event (400 `invalid_field` otherwise), in the order given. */
  private async speakersOf(ctx: RequestContext, e: Event, ids: string[]): Promise<Map<string, SpeakerView>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await this.store.em(ctx).find(Speaker, { id: { $in: unique }, event: e.id });
    const byId = new Map(rows.map((r) => [r.id, toSpeakerView(r)]));
    const missing = unique.filter((id) => !byId.has(id));
    if (missing.length) throw Errors.invalidField('speaker_ids', `not speakers of this event: ${missing.join(', ')}`);
    return new Map(unique.map((id) => [id, byId.get(id)!]));
  }
}

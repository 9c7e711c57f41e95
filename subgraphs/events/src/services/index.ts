import { GraphLink, Store, TranslationOverlay, createStoreMailer, systemClock, type StoreMailer, type ServiceFactoryArgs } from '@svc/kit';
import { EventsTranslationOverlayDocument, EventsStoreMailDocument } from '../ports/generated';
import { EventService } from './event.service';
import { HoldService } from './hold.service';
import { PricingResolver } from './pricing';
import { RegistrationService } from './registration.service';
import { ScheduleService } from './schedule.service';
import { TicketService } from './ticket.service';
import { EventsTranslator } from './translate';

/** events' services, one per aggregate, sharing one store (this domain's schema and unit of work). */
export interface EventsServices {
  store: Store;
  events: EventService;
  schedule: ScheduleService;
  tickets: TicketService;
  holds: HoldService;
  registrations: RegistrationService;
  translator: EventsTranslator;
  /** the store's mailer: its sender and own SMTP server (identity's mail settings), else the platform's (SMTP_URL, else .eml files in <DATA_DIR>/mail) */
  mailer: StoreMailer;
}

export function createEventsServices({ orm, deps }: ServiceFactoryArgs): EventsServices {
  const store = new Store(orm);
  const clock = deps?.clock ?? systemClock;
  const graph = deps?.graph ?? new GraphLink();
  const translator = new EventsTranslator(new TranslationOverlay(() => graph, EventsTranslationOverlayDocument));
  const pricing = new PricingResolver(() => graph);
  const events = new EventService(store, clock, translator, pricing);
  const holds = new HoldService(store, clock);
  const mailer = createStoreMailer(deps, EventsStoreMailDocument);
  const mailDomain = /@([^>\s]+)/.exec(deps.config.mailFrom)?.[1] ?? 'events.invalid';
  return {
    store,
    events,
    schedule: new ScheduleService(store, events),
    tickets: new TicketService(store, clock, events, translator, pricing),
    holds,
    registrations: new RegistrationService(store, holds, translator, mailer, mailDomain),
    translator,
    mailer,
  };
}

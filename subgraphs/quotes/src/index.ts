import path from 'node:path';
import { defineDomain } from '@svc/kit';
import { Quote, QuoteCounter, QuoteLocation, QuoteService, QuoteSettings } from './entities/quote.entity';
import { QuoteResolver } from './resolvers/quote.resolver';
import { quoteServiceReference } from './resolvers/quote.reference';
import { createQuotesServices, type QuotesServices } from './services';
import { quotesEvents } from './events';
import { quotesRoutes } from './rest/routes';
import { seedDemoQuotes } from './seed/demo-seed';
import { migrations } from './migrations';
import { quotesPrivacy } from './privacy';

/**
 * quotes: quote requests. The store's quotable services, the ISG pricing (base rates, location
 * modifiers) and the quote form's custom fields; submissions numbered Q-<year>-<6 digits> per
 * store, priced, mailed, with a PDF; admins move them through their statuses and turn an accepted
 * one into a cart.
 */
export const domain = defineDomain<QuotesServices>({
  name: 'quotes',
  privacy: quotesPrivacy,
  dbSchema: 'quotes',
  entities: [QuoteSettings, QuoteService, QuoteLocation, QuoteCounter, Quote],
  migrations,
  migrationsDir: path.join(__dirname, 'migrations'),
  // writes that never change a public read (kit read-changes.ts): submitted quotes and their numbers: no public read shows them
  readCacheIgnores: ['quote', 'quote_counter'],
  resolvers: [QuoteResolver],
  createServices: createQuotesServices,
  references: (s) => ({ QuoteService: quoteServiceReference(s) }),
  events: quotesEvents,
  subscriptions: [
    // the mails leave the request: a slow mail server slows nobody, a failure is retried (each mail on its own)
    quotesEvents.on<QuotesServices, 'quote.submitted'>('quote.submitted', 'mail-requester', (e, ctx, s) => s.quotes.mailRequester(ctx, e.data.id)),
    quotesEvents.on<QuotesServices, 'quote.submitted'>('quote.submitted', 'notify-store', (e, ctx, s) => s.quotes.notifyStore(ctx, e.data.id)),
  ],
  routes: quotesRoutes,
  operationsDir: path.join(__dirname, 'rest', 'operations'),
  ports: path.join(__dirname, 'ports'),
  seed: seedDemoQuotes,
  stop: async (s) => s.mailer.close(),
});

export type { QuotesServices };
export type { QuoteView } from './services/views';
export { quotesEvents };

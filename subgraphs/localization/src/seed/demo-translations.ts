import type { SeedContext } from '@svc/kit';
import type { SetTranslationData } from '../inputs/translation.input';
import type { LocalizationServices } from '../services';
import {
  LocalizationDemoCatalogIdsDocument,
  LocalizationDemoContentIdsDocument,
  LocalizationDemoEventDocument,
  LocalizationDemoToursDocument,
} from '../ports/generated';

type Texts = Record<string, string>;

/** German and French text of the demo catalogue and content, keyed by handle or slug. */
const PRODUCTS: Record<string, { de: Texts; fr: Texts }> = {
  'classic-organic-tee': {
    de: {
      title: 'Klassisches Bio-T-Shirt',
      subtitle: 'Unser meistverkauftes Alltags-Shirt',
      description: 'Weiches, mittelschweres Jersey aus 100 % Bio-Baumwolle mit einem Schnitt, der Wäsche für Wäsche in Form bleibt.',
    },
    fr: {
      title: 'T-shirt classique en coton bio',
      subtitle: 'Notre t-shirt du quotidien le plus vendu',
      description: 'Un jersey doux et de grammage moyen en coton 100 % biologique, coupé pour garder sa forme lavage après lavage.',
    },
  },
  'slim-selvedge-jeans': {
    de: {
      title: 'Schmale Selvedge-Jeans',
      subtitle: '14 oz japanischer Selvedge-Denim',
      description: 'Roher Selvedge-Denim aus Japan, der sich mit jedem Tragen Ihrer Figur anpasst.',
    },
    fr: {
      title: 'Jean selvedge slim',
      subtitle: 'Denim selvedge japonais 14 oz',
      description: 'Un denim selvedge brut tissé au Japon, qui se forme à votre silhouette au fil des ports.',
    },
  },
  'court-leather-sneaker': {
    de: {
      title: 'Court-Sneaker aus Leder',
      subtitle: 'Handgefertigt in Portugal',
      description: 'Vollnarbenleder, Cupsohle und eine Passform, die sich einläuft statt auszuleiern.',
    },
    fr: {
      title: 'Sneaker court en cuir',
      subtitle: 'Fabriquée à la main au Portugal',
      description: 'Cuir pleine fleur, semelle cousue et un chaussant qui se fait au pied sans se déformer.',
    },
  },
  'waxed-cotton-field-jacket': {
    de: {
      title: 'Feldjacke aus gewachster Baumwolle',
      subtitle: 'Nachwachsbar für Jahrzehnte',
      description: 'Gewachste Baumwolle hält Wind und Regen ab und lässt sich immer wieder neu imprägnieren.',
    },
    fr: {
      title: 'Veste de terrain en coton ciré',
      subtitle: 'Recirable pendant des décennies',
      description: 'Le coton ciré arrête le vent et la pluie et se recire encore et encore.',
    },
  },
};

const COLLECTIONS: Record<string, { de: string; fr: string }> = {
  'summer-essentials': { de: 'Sommer-Essentials', fr: 'Essentiels de l’été' },
  'winter-warmers': { de: 'Warm durch den Winter', fr: 'Chaleur d’hiver' },
  'office-ready': { de: 'Fürs Büro', fr: 'Prêt pour le bureau' },
  'weekend-wanderer': { de: 'Wochenend-Ausflug', fr: 'Escapade du week-end' },
  'everyday-basics': { de: 'Basics für jeden Tag', fr: 'Basiques du quotidien' },
  'outdoor-edit': { de: 'Die Outdoor-Auswahl', fr: 'La sélection plein air' },
  'home-comforts': { de: 'Gemütliches Zuhause', fr: 'Douceurs de la maison' },
};

const CATEGORIES: Record<string, { de: string; fr: string }> = {
  apparel: { de: 'Bekleidung', fr: 'Vêtements' },
  footwear: { de: 'Schuhe', fr: 'Chaussures' },
  accessories: { de: 'Accessoires', fr: 'Accessoires' },
  home: { de: 'Wohnen', fr: 'Maison' },
  tops: { de: 'Oberteile', fr: 'Hauts' },
  bottoms: { de: 'Hosen', fr: 'Bas' },
  outerwear: { de: 'Jacken & Mäntel', fr: 'Vestes & manteaux' },
  't-shirts': { de: 'T-Shirts', fr: 'T-shirts' },
  jeans: { de: 'Jeans', fr: 'Jeans' },
  sneakers: { de: 'Sneaker', fr: 'Baskets' },
  boots: { de: 'Stiefel', fr: 'Bottes' },
};

/** Pages and posts without a German or French variant get overrides of their English text. */
const PAGES: Record<string, { de?: Texts; fr?: Texts }> = {
  'shipping-returns': {
    de: {
      title: 'Versand & Rückgabe',
      seo_title: 'Versand & Rückgabe',
      body: 'Wir versenden innerhalb von zwei Werktagen. Rücksendungen sind 30 Tage lang kostenlos.',
    },
    fr: {
      title: 'Livraison & retours',
      seo_title: 'Livraison & retours',
      body: 'Nous expédions sous deux jours ouvrés. Les retours sont gratuits pendant 30 jours.',
    },
  },
  'about-us': {
    fr: { title: 'À propos', seo_title: 'À propos : des vêtements faits pour durer' },
  },
};
const POSTS: Record<string, { de?: Texts; fr?: Texts }> = {
  'caring-for-leather-boots': {
    de: { title: 'Lederstiefel gut durch den Winter bringen', excerpt: 'Reinigen, nähren, trocknen: so halten Lederstiefel Schnee und Streusalz stand.' },
    fr: { title: 'Prendre soin de ses bottes en cuir en hiver', excerpt: 'Nettoyer, nourrir, sécher : comment vos bottes résistent à la neige et au sel.' },
  },
  'how-to-break-in-selvedge-denim': {
    fr: { title: 'Faire son jean selvedge', excerpt: 'Porter, attendre, laver le moins possible : le denim brut se mérite.' },
  },
};
/** German text of the demo conference (the events domain's), keyed by slug; its sessions and tickets by their English title and name. */
const EVENTS: Record<string, { de: Texts; sessions?: Record<string, string>; tickets?: Record<string, string> }> = {
  'commerce-summit-2027': {
    de: {
      title: 'Commerce Summit 2027',
      subtitle: 'Zwei Tage Headless Commerce, Zahlungen und die Storefronts von morgen',
      description:
        'Vorträge, Workshops und viel Austausch für alle, die Onlineshops bauen: Architektur, Checkout, Suche, Lokalisierung und der Betrieb dahinter.',
    },
    sessions: {
      'Opening keynote: the composable store': 'Eröffnungskeynote: der modulare Shop',
      'A checkout that never oversells': 'Ein Checkout, der nie überverkauft',
      'Payments across three currencies': 'Zahlungen in drei Währungen',
      'Search that understands shoppers': 'Eine Suche, die Kunden versteht',
      'One store, eleven languages': 'Ein Shop, elf Sprachen',
      'Closing panel: what we learned': 'Abschlusspanel: was wir gelernt haben',
    },
    tickets: { 'Early bird': 'Frühbucher', Standard: 'Standard', VIP: 'VIP' },
  },
  'storefront-performance-workshop': {
    de: { title: 'Workshop: schnelle Storefronts', subtitle: 'Ein praktischer Nachmittag, online' },
    tickets: { 'Online seat': 'Online-Platz' },
  },
};

type Day = [title: string, description: string, overnight?: string];

/** German text of the demo tours (the tours domain's), keyed by slug; their itinerary by day. */
const TOURS: Record<string, { de: Texts; days: Day[] }> = {
  'douro-valley-wine-trail': {
    de: {
      title: 'Weinpfad im Douro-Tal',
      summary: 'Sieben Tage von Porto den Douro hinauf: Quintas, Terrassen und eine Flussfahrt.',
      description:
        'Wandern Sie durch die Weinbergterrassen des Douro, verkosten Sie auf Familien-Quintas und fahren Sie zum Schluss mit dem Boot zurück nach Porto.',
    },
    days: [
      ['Ankunft in Porto', 'Willkommensabendessen an der Ribeira.'],
      ['Portweinkellereien in Gaia', 'Kellereien und eine Verkostung auf der anderen Flussseite.'],
      ['Das Tal hinauf nach Pinhão', 'Mit dem Zug am Fluss entlang.'],
      ['Terrassenwanderung', 'Schieferterrassen und ein Mittagessen auf einer Quinta.'],
      ['Quinta-Tag', 'Zwei Weingüter in Familienbesitz.'],
      ['Rabelo-Boot', 'Mit dem Boot flussabwärts.'],
      ['Zurück nach Porto', 'Abreise nach dem Frühstück.'],
    ],
  },
  'lisbon-long-weekend': {
    de: {
      title: 'Langes Wochenende in Lissabon',
      summary: 'Vier Tage Straßenbahnen, Aussichtspunkte und Pastéis de Nata.',
      description: 'Die Alfama zu Fuß, ein Tag in Sintra und ein Fado-Abend.',
    },
    days: [
      ['Alfama und die Burg', 'Die Linie 28 und die Altstadt.', 'Lissabon'],
      ['Belém', 'Das Kloster, der Turm und die Konditorei.', 'Lissabon'],
      ['Sintra', 'Paläste in den Hügeln.', 'Lissabon'],
      ['Abschied', 'Markt am Morgen, Abreise.'],
    ],
  },
  'iceland-ring-road-hike': {
    de: {
      title: 'Wandern an Islands Ringstraße',
      summary: 'Sechs Tage Gletscher, Wasserfälle und schwarze Sandstrände.',
      description: 'Wandern Sie die Südküste entlang von Reykjavík bis zur Gletscherlagune Jökulsárlón.',
    },
    days: [
      ['Reykjavík', 'Einweisung und Abendessen.'],
      ['Goldener Kreis', 'Þingvellir, Geysir und Gullfoss.'],
      ['Wasserfälle', 'Seljalandsfoss und Skógafoss.'],
      ['Gletscherwanderung', 'Sólheimajökull mit Steigeisen.'],
      ['Jökulsárlón', 'Eisberge und der Diamond Beach.'],
      ['Zurück nach Reykjavík', 'Unterwegs ein Bad in einer heißen Quelle.'],
    ],
  },
};
const TOUR_DESTINATIONS: Record<string, Texts> = {
  portugal: { name: 'Portugal: Lissabon & Douro', description: 'Gekachelte Fassaden, Flussterrassen und die Portweinkellereien von Vila Nova de Gaia.' },
  iceland: { name: 'Island', description: 'Lavafelder, Gletscher und heiße Quellen unter der Mitternachtssonne.' },
};
const TOUR_CATEGORIES: Record<string, Texts> = {
  'food-and-wine': { name: 'Essen & Wein', description: 'Verkostungen, Märkte und Kochen mit Einheimischen.' },
  hiking: { name: 'Wandern', description: 'Tage zu Fuß mit einem Guide.' },
  'city-breaks': { name: 'Städtereisen', description: 'Ein paar Tage in einer Stadt, in ihrem Tempo.' },
};

/**
 * Translation overrides of the demo store (German and French), for what the catalogue and
 * content domains seeded, and the events' and tours' demo texts (German): their ids are asked
 * through the supergraph; what is missing is left out.
 */
export async function seedDemoTranslations(s: LocalizationServices, seed: SeedContext): Promise<number> {
  if (!s.graph) return 0;
  const ids = {
    ...(await s.graph.execute(seed.ctx, LocalizationDemoCatalogIdsDocument, { products: Object.keys(PRODUCTS) })),
    ...(await s.graph.execute(seed.ctx, LocalizationDemoContentIdsDocument)),
  };
  const out: SetTranslationData[] = [];
  const add = (resource_type: string, resource_id: string | undefined, locale: string, fields: Texts | undefined) => {
    if (resource_id && fields) out.push({ resource_type, resource_id, locale, fields });
  };
  const byKey = <T extends { id: string }>(items: T[], key: (t: T) => string) => new Map(items.map((i) => [key(i), i.id]));
  const products = byKey(ids.products.items, (p) => p.handle);
  const collections = byKey(ids.collections.items, (c) => c.handle);
  const categories = byKey(ids.productCategories.items, (c) => c.handle);
  const pages = byKey(ids.pages.items, (p) => p.slug);
  const posts = byKey(ids.blogPosts.items, (p) => p.slug);
  for (const locale of ['de', 'fr'] as const) {
    for (const [handle, t] of Object.entries(PRODUCTS)) add('product', products.get(handle), locale, t[locale]);
    for (const [handle, t] of Object.entries(COLLECTIONS)) add('product_collection', collections.get(handle), locale, { title: t[locale] });
    for (const [handle, t] of Object.entries(CATEGORIES)) add('product_category', categories.get(handle), locale, { name: t[locale] });
    for (const [slug, t] of Object.entries(PAGES)) add('page', pages.get(slug), locale, t[locale]);
    for (const [slug, t] of Object.entries(POSTS)) add('blog_post', posts.get(slug), locale, t[locale]);
  }
  for (const [slug, t] of Object.entries(EVENTS)) {
    // an event the demo lacks (or that has ended and left the storefront) is left out
    const d = await s.graph.execute(seed.ctx, LocalizationDemoEventDocument, { slug }).catch(() => null);
    if (!d) continue;
    add('event', d.event.id, 'de', t.de);
    for (const session of d.event.sessions)
      add('event_session', session.id, 'de', t.sessions?.[session.title] ? { title: t.sessions[session.title] } : undefined);
    for (const ticket of d.eventTickets) add('event_ticket_type', ticket.id, 'de', t.tickets?.[ticket.name] ? { name: t.tickets[ticket.name] } : undefined);
  }
  // the demo tours (the localization domain seeds after the tours domain: its registry order)
  const tours = await s.graph.execute(seed.ctx, LocalizationDemoToursDocument).catch(() => null);
  if (tours) {
    const destinations = byKey(tours.tourDestinations.items, (d) => d.slug);
    const tourCategories = byKey(tours.tourCategories, (c) => c.slug);
    for (const tour of tours.tours.items) {
      const t = TOURS[tour.slug];
      if (!t) continue;
      add('tour', tour.id, 'de', t.de);
      for (const { day } of tour.itinerary) {
        const [title, description, overnight] = t.days[day - 1] ?? [];
        if (title) add('tour_itinerary_day', `${tour.id}-${day}`, 'de', { title, description, ...(overnight ? { overnight } : {}) });
      }
    }
    for (const [slug, fields] of Object.entries(TOUR_DESTINATIONS)) add('tour_destination', destinations.get(slug), 'de', fields);
    for (const [slug, fields] of Object.entries(TOUR_CATEGORIES)) add('tour_category', tourCategories.get(slug), 'de', fields);
  }
  if (out.length) await s.translations.set(seed.ctx, out);
  return out.length;
}

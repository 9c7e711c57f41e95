/**
 * Deterministic demo catalog for a Medusa v2 style headless store.
 *
 * Pure data: no database access, no Date, no Math.random. Pseudo-random values
 * (inventory levels) come from a small seeded PRNG keyed by the SKU, so every call
 * returns exactly the same catalog. Each call builds fresh objects, so callers may
 * mutate the result freely.
 */
import { mulberry32 } from '@svc/kit';

export interface SeedRegion {
  key: string;
  name: string;
  currency_code: string;
  countries: { iso_2: string; iso_3: string; num_code: string; name: string; display_name: string }[];
  automatic_taxes: boolean;
}
export interface SeedCollection {
  key: string;
  title: string;
  handle: string;
}
export interface SeedCategory {
  key: string;
  name: string;
  handle: string;
  description: string;
  parent_key: string | null;
  rank: number;
}
export interface SeedPrice {
  currency_code: string;
  amount: string; /* decimal in major units, e.g. "29.9" — string to stay exact */
}
export interface SeedVariant {
  title: string;
  sku: string;
  barcode: string | null;
  options: Record<string, string> /* option title -> value */;
  prices: SeedPrice[];
  inventory_quantity: number;
  manage_inventory: boolean;
  allow_backorder: boolean;
  weight: number | null;
}
export interface SeedProduct {
  title: string;
  handle: string;
  subtitle: string | null;
  description: string;
  material: string | null;
  origin_country: string | null;
  collection_key: string | null;
  category_keys: string[];
  tags: string[];
  type: string;
  options: { title: string; values: string[] }[];
  variants: SeedVariant[];
  images: string[] /* image file names, see below */;
  thumbnail: string;
  weight: number | null;
  metadata: Record<string, unknown>;
}
export interface SeedCatalog {
  regions: SeedRegion[];
  collections: SeedCollection[];
  categories: SeedCategory[];
  products: SeedProduct[];
}

// ---------------------------------------------------------------------------
// Deterministic helpers
// ---------------------------------------------------------------------------

/** 32-bit FNV-1a hash. */
function hash32(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Formats a major-unit amount with at most 2 decimals, trailing zeros trimmed ("29.90" -> "29.9", "129.00" -> "129"). */
function formatAmount(value: number): string {
  const fixed = (Math.round(value * 100) / 100).toFixed(2);
  return fixed.replace(/\.?0+$/, '');
}

const USD_PER_EUR = 1.08;
const GBP_PER_EUR = 0.86;

/** Converts a EUR price to a "psychological" local price: <100 ends in .99 (USD) / .95 (GBP); >=100 rounds to a multiple of 5. */
function localPrice(eur: number, rate: number, cents: number): number {
  const raw = eur * rate;
  if (raw >= 100) return Math.max(5, Math.round(raw / 5) * 5);
  return Math.max(0, Math.floor(raw)) + cents;
}

function pricesFor(eur: number): SeedPrice[] {
  return [
    { currency_code: 'eur', amount: formatAmount(eur) },
    { currency_code: 'usd', amount: formatAmount(localPrice(eur, USD_PER_EUR, 0.99)) },
    { currency_code: 'gbp', amount: formatAmount(localPrice(eur, GBP_PER_EUR, 0.95)) },
  ];
}

/** EAN-13 from a 12-digit body (appends the check digit). */
function ean13(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const d = body12.charCodeAt(i) - 48;
    sum += i % 2 === 0 ? d : d * 3;
  }
  return body12 + String((10 - (sum % 10)) % 10);
}

const VALUE_CODES: Record<string, string> = {
  Black: 'BLK',
  White: 'WHT',
  Navy: 'NVY',
  Ecru: 'ECR',
  Olive: 'OLV',
  Charcoal: 'CHR',
  Stone: 'STN',
  Forest: 'FOR',
  Grey: 'GRY',
  'Grey Melange': 'GRM',
  Sand: 'SND',
  Oatmeal: 'OAT',
  Burgundy: 'BRG',
  'Sky Blue': 'SKY',
  Natural: 'NAT',
  Sage: 'SAG',
  Terracotta: 'TER',
  'Red Check': 'RCK',
  'Green Check': 'GCK',
  'Navy Stripe': 'NVS',
  'Red Stripe': 'RDS',
  Indigo: 'IND',
  'Washed Black': 'WBK',
  'Rinsed Indigo': 'RIN',
  'Light Wash': 'LTW',
  Palm: 'PLM',
  Wave: 'WAV',
  'Solid Navy': 'SNV',
  Rust: 'RST',
  Yellow: 'YLW',
  Camel: 'CML',
  Slate: 'SLT',
  Volt: 'VLT',
  Brown: 'BRN',
  Tan: 'TAN',
  Cognac: 'COG',
  'Dark Brown': 'DBR',
  Mustard: 'MUS',
  Mixed: 'MIX',
  'Speckled White': 'SPW',
  'Slate Blue': 'SLB',
  Stripe: 'STR',
  'S/M': 'SM',
  'L/XL': 'LXL',
  Clay: 'CLY',
  Cream: 'CRM',
  'Gum Sole': 'GUM',
};

/** Short code used in SKUs for an option value. */
function valueCode(value: string): string {
  const known = VALUE_CODES[value];
  if (known !== undefined) return known;
  const code = value.toUpperCase().replace(/[^A-Z0-9]+/g, '');
  return code.length > 0 ? code.slice(0, 6) : 'X';
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// ---------------------------------------------------------------------------
// Regions
// ---------------------------------------------------------------------------

type CountryTuple = [iso2: string, iso3: string, num: string, displayName: string];

const COUNTRIES: Record<string, CountryTuple> = {
  de: ['de', 'deu', '276', 'Germany'],
  fr: ['fr', 'fra', '250', 'France'],
  it: ['it', 'ita', '380', 'Italy'],
  es: ['es', 'esp', '724', 'Spain'],
  nl: ['nl', 'nld', '528', 'Netherlands'],
  at: ['at', 'aut', '040', 'Austria'],
  be: ['be', 'bel', '056', 'Belgium'],
  us: ['us', 'usa', '840', 'United States'],
  ca: ['ca', 'can', '124', 'Canada'],
  gb: ['gb', 'gbr', '826', 'United Kingdom'],
};

function country(iso2: string): SeedRegion['countries'][number] {
  const c = COUNTRIES[iso2];
  if (c === undefined) throw new Error(`Unknown country ${iso2}`);
  return { iso_2: c[0], iso_3: c[1], num_code: c[2], name: c[3].toUpperCase(), display_name: c[3] };
}

function buildRegions(): SeedRegion[] {
  return [
    { key: 'europe', name: 'Europe', currency_code: 'eur', countries: ['de', 'fr', 'it', 'es', 'nl', 'at', 'be'].map(country), automatic_taxes: true },
    { key: 'north-america', name: 'North America', currency_code: 'usd', countries: ['us', 'ca'].map(country), automatic_taxes: true },
    { key: 'united-kingdom', name: 'United Kingdom', currency_code: 'gbp', countries: ['gb'].map(country), automatic_taxes: true },
  ];
}

// ---------------------------------------------------------------------------
// Collections & categories
// ---------------------------------------------------------------------------

const COLLECTIONS: [key: string, title: string][] = [
  ['summer-essentials', 'Summer Essentials'],
  ['winter-warmers', 'Winter Warmers'],
  ['office-ready', 'Office Ready'],
  ['weekend-wanderer', 'Weekend Wanderer'],
  ['everyday-basics', 'Everyday Basics'],
  ['outdoor-edit', 'The Outdoor Edit'],
  ['home-comforts', 'Home Comforts'],
];

function buildCollections(): SeedCollection[] {
  return COLLECTIONS.map(([key, title]) => ({ key, title, handle: key }));
}

/** [key, name, parent key, description] — parents listed before children; rank is derived from sibling order. */
const CATEGORY_DEFS: [key: string, name: string, parent: string | null, description: string][] = [
  ['apparel', 'Apparel', null, 'Clothing for every day and every season, made from considered materials.'],
  ['footwear', 'Footwear', null, 'Sneakers and boots built to be worn in, not worn out.'],
  ['accessories', 'Accessories', null, 'Bags, headwear and socks that finish an outfit.'],
  ['home', 'Home', null, 'Everyday objects for the kitchen and living room.'],
  ['tops', 'Tops', 'apparel', 'T-shirts, hoodies and shirts.'],
  ['bottoms', 'Bottoms', 'apparel', 'Jeans and shorts in relaxed and tailored fits.'],
  ['outerwear', 'Outerwear', 'apparel', 'Jackets and coats for rain, wind and cold.'],
  ['t-shirts', 'T-Shirts', 'tops', 'Soft cotton tees, from essential basics to heavyweight staples.'],
  ['hoodies', 'Hoodies & Sweatshirts', 'tops', 'Brushed-back fleece hoodies and crewnecks.'],
  ['shirts', 'Shirts', 'tops', 'Oxford, linen and flannel shirts for work and weekend.'],
  ['jeans', 'Jeans', 'bottoms', 'Denim in slim, straight and relaxed cuts.'],
  ['shorts', 'Shorts', 'bottoms', 'Chino, swim and running shorts for warm days.'],
  ['sneakers', 'Sneakers', 'footwear', 'Leather, canvas and trail sneakers.'],
  ['boots', 'Boots', 'footwear', 'Chelsea, hiking and winter boots.'],
  ['bags', 'Bags', 'accessories', 'Totes, backpacks and weekenders.'],
  ['hats', 'Hats & Beanies', 'accessories', 'Caps, bucket hats and knitted beanies.'],
  ['socks', 'Socks', 'accessories', 'Everyday and hiking socks in cotton and merino.'],
  ['kitchen', 'Kitchen', 'home', 'Drinkware and kitchen essentials.'],
  ['textiles', 'Home Textiles', 'home', 'Throws and tea towels in cotton and linen.'],
  ['mugs', 'Mugs', 'kitchen', 'Stoneware, enamel and glass mugs for coffee and tea.'],
];

function buildCategories(): SeedCategory[] {
  const rankCounter = new Map<string, number>();
  return CATEGORY_DEFS.map(([key, name, parent, description]) => {
    const siblingsKey = parent ?? '';
    const rank = rankCounter.get(siblingsKey) ?? 0;
    rankCounter.set(siblingsKey, rank + 1);
    return { key, name, handle: key, description, parent_key: parent, rank };
  });
}

// ---------------------------------------------------------------------------
// Product templates
// ---------------------------------------------------------------------------

interface ProductTemplate {
  title: string;
  handle: string;
  subtitle: string | null;
  description: string;
  material: string | null;
  origin: string | null;
  collection: string | null;
  categories: string[];
  tags: string[];
  type: string;
  /** SKU stem, unique per template. */
  sku: string;
  options: [title: string, values: string[]][];
  /** Base price in EUR (major units). */
  price: number;
  /** Extra EUR per option value (e.g. a larger mug capacity). */
  deltas?: Record<string, number>;
  /** Weight in grams. */
  weight: number | null;
  images: 1 | 2 | 3;
  backorder?: boolean;
  metadata?: Record<string, unknown>;
}

const SIZES = ['S', 'M', 'L', 'XL'];
const SHOE_SIZES = ['40', '41', '42', '43', '44', '45'];
const WAISTS = ['28', '30', '32', '34', '36'];
const SOCK_SIZES = ['36-40', '41-46'];

const TEMPLATES: ProductTemplate[] = [
  // --- T-Shirts -------------------------------------------------------------
  {
    title: 'Classic Organic Tee',
    handle: 'classic-organic-tee',
    subtitle: 'Our best-selling everyday T-shirt',
    description:
      'A regular-fit crew neck cut from soft, mid-weight organic cotton jersey. Pre-shrunk and garment-washed so it keeps its shape wash after wash. The tee you reach for first.',
    material: '100% organic cotton',
    origin: 'pt',
    collection: 'everyday-basics',
    categories: ['t-shirts'],
    tags: ['organic', 'basics', 'bestseller'],
    type: 'T-Shirt',
    sku: 'TEE-CLS',
    options: [
      ['Size', SIZES],
      ['Color', ['Black', 'White', 'Navy']],
    ],
    price: 29.9,
    weight: 180,
    images: 3,
    metadata: { fit: 'Regular', care: 'Machine wash 30°C', featured: true },
  },
  {
    title: 'Heavyweight Pocket Tee',
    handle: 'heavyweight-pocket-tee',
    subtitle: null,
    description: 'A boxy tee in dense 260 gsm cotton with a single chest pocket. It drapes like a vintage workwear shirt and softens with every wear.',
    material: '100% cotton',
    origin: 'pt',
    collection: 'weekend-wanderer',
    categories: ['t-shirts'],
    tags: ['heavyweight', 'workwear'],
    type: 'T-Shirt',
    sku: 'TEE-HVY',
    options: [
      ['Size', SIZES],
      ['Color', ['Ecru', 'Olive', 'Charcoal']],
    ],
    price: 34.9,
    weight: 260,
    images: 2,
    metadata: { fit: 'Boxy', care: 'Machine wash 30°C' },
  },
  {
    title: 'Striped Breton Tee',
    handle: 'striped-breton-tee',
    subtitle: 'Nautical stripes since 1858',
    description:
      'A French classic with a wide boat neck and yarn-dyed stripes that will never fade into the wash. Cut slightly longer in the body for an easy tuck.',
    material: '100% cotton',
    origin: 'fr',
    collection: 'summer-essentials',
    categories: ['t-shirts'],
    tags: ['stripes', 'nautical', 'classic'],
    type: 'T-Shirt',
    sku: 'TEE-BRT',
    options: [
      ['Size', SIZES],
      ['Color', ['Navy Stripe', 'Red Stripe']],
    ],
    price: 39.95,
    weight: 220,
    images: 2,
    metadata: { fit: 'Regular', care: 'Machine wash 30°C' },
  },
  {
    title: 'Long Sleeve Waffle Tee',
    handle: 'long-sleeve-waffle-tee',
    subtitle: null,
    description: 'A textured waffle-knit layer that traps warmth without the bulk. Ribbed cuffs and a slim fit make it ideal under an overshirt or jacket.',
    material: '95% cotton, 5% elastane',
    origin: 'tr',
    collection: 'winter-warmers',
    categories: ['t-shirts'],
    tags: ['layering', 'waffle'],
    type: 'T-Shirt',
    sku: 'TEE-WFL',
    options: [
      ['Size', SIZES],
      ['Color', ['Stone', 'Forest']],
    ],
    price: 44.9,
    weight: 240,
    images: 2,
    metadata: { fit: 'Slim', care: 'Machine wash 30°C' },
  },
  {
    title: 'Essential V-Neck Tee',
    handle: 'essential-v-neck-tee',
    subtitle: null,
    description: 'A lightweight V-neck in breathable combed cotton. Clean, simple and made to be worn on repeat.',
    material: '100% combed cotton',
    origin: 'pt',
    collection: 'everyday-basics',
    categories: ['t-shirts'],
    tags: ['basics', 'lightweight'],
    type: 'T-Shirt',
    sku: 'TEE-VNK',
    options: [
      ['Size', SIZES],
      ['Color', ['White', 'Grey', 'Black']],
    ],
    price: 24.9,
    weight: 150,
    images: 1,
    metadata: { fit: 'Regular', care: 'Machine wash 40°C' },
  },
  {
    title: 'Graphic Mountain Tee',
    handle: 'graphic-mountain-tee',
    subtitle: 'Limited print run',
    description:
      'A soft cotton tee with a hand-drawn mountain range screen-printed in water-based inks. Printed in small batches, so once it is gone, it is gone.',
    material: '100% organic cotton',
    origin: 'pt',
    collection: 'outdoor-edit',
    categories: ['t-shirts'],
    tags: ['graphic', 'limited', 'organic'],
    type: 'T-Shirt',
    sku: 'TEE-MTN',
    options: [['Size', SIZES]],
    price: 32.5,
    weight: 190,
    images: 2,
    metadata: { fit: 'Regular', care: 'Wash inside out at 30°C', limited_edition: true },
  },
  // --- Hoodies ---------------------------------------------------------------
  {
    title: 'Everyday Zip Hoodie',
    handle: 'everyday-zip-hoodie',
    subtitle: null,
    description: 'A mid-weight loopback hoodie with a two-way metal zip and kangaroo pockets. Soft enough for the sofa, structured enough for the commute.',
    material: '80% cotton, 20% recycled polyester',
    origin: 'pt',
    collection: 'everyday-basics',
    categories: ['hoodies'],
    tags: ['hoodie', 'layering'],
    type: 'Hoodie',
    sku: 'HOD-ZIP',
    options: [
      ['Size', SIZES],
      ['Color', ['Grey Melange', 'Navy']],
    ],
    price: 79.9,
    weight: 560,
    images: 3,
    metadata: { fit: 'Regular', care: 'Machine wash 30°C' },
  },
  {
    title: 'Relaxed Pullover Hoodie',
    handle: 'relaxed-pullover-hoodie',
    subtitle: 'Brushed-back fleece',
    description: 'An oversized pullover with dropped shoulders and a deep hood. The brushed interior is cloud-soft from the very first wear.',
    material: '100% organic cotton fleece',
    origin: 'pt',
    collection: 'winter-warmers',
    categories: ['hoodies'],
    tags: ['hoodie', 'oversized', 'organic'],
    type: 'Hoodie',
    sku: 'HOD-PUL',
    options: [
      ['Size', SIZES],
      ['Color', ['Sand', 'Black', 'Forest']],
    ],
    price: 69.95,
    weight: 620,
    images: 2,
    metadata: { fit: 'Relaxed', care: 'Machine wash 30°C' },
  },
  {
    title: 'Fleece Crewneck Sweatshirt',
    handle: 'fleece-crewneck-sweatshirt',
    subtitle: null,
    description: 'A timeless crewneck with raglan sleeves and ribbed trims. Heavy enough to wear on its own through autumn.',
    material: '100% cotton',
    origin: 'tr',
    collection: 'winter-warmers',
    categories: ['hoodies'],
    tags: ['sweatshirt', 'classic'],
    type: 'Sweatshirt',
    sku: 'SWT-CRW',
    options: [
      ['Size', SIZES],
      ['Color', ['Oatmeal', 'Burgundy']],
    ],
    price: 59.9,
    weight: 520,
    images: 1,
    metadata: { fit: 'Regular', care: 'Machine wash 30°C' },
  },
  {
    title: 'Recycled Tech Hoodie',
    handle: 'recycled-tech-hoodie',
    subtitle: 'Made from recycled bottles',
    description:
      'A quick-drying performance hoodie knitted from recycled polyester. Thumbholes, a bonded zip pocket and four-way stretch make it a favourite for early runs.',
    material: '88% recycled polyester, 12% elastane',
    origin: 'vn',
    collection: 'outdoor-edit',
    categories: ['hoodies'],
    tags: ['performance', 'recycled', 'running'],
    type: 'Hoodie',
    sku: 'HOD-TEC',
    options: [['Size', SIZES]],
    price: 89,
    weight: 380,
    images: 2,
    metadata: { fit: 'Athletic', care: 'Machine wash 30°C, do not tumble dry' },
  },
  // --- Shirts ----------------------------------------------------------------
  {
    title: 'Oxford Button-Down Shirt',
    handle: 'oxford-button-down-shirt',
    subtitle: null,
    description: 'A crisp Oxford cloth shirt with a soft-roll button-down collar. Smart enough for the office and relaxed enough for Friday drinks.',
    material: '100% cotton Oxford',
    origin: 'it',
    collection: 'office-ready',
    categories: ['shirts'],
    tags: ['oxford', 'office', 'classic'],
    type: 'Shirt',
    sku: 'SHR-OXF',
    options: [
      ['Size', SIZES],
      ['Color', ['White', 'Sky Blue']],
    ],
    price: 64.9,
    weight: 300,
    images: 3,
    metadata: { fit: 'Tailored', care: 'Machine wash 40°C, iron medium' },
  },
  {
    title: 'Linen Camp Collar Shirt',
    handle: 'linen-camp-collar-shirt',
    subtitle: 'Garment-dyed European linen',
    description: 'A short-sleeved camp collar shirt in airy, garment-dyed linen. Designed to be worn open over a tee or buttoned up on hot evenings.',
    material: '100% linen',
    origin: 'lt',
    collection: 'summer-essentials',
    categories: ['shirts'],
    tags: ['linen', 'summer', 'short-sleeve'],
    type: 'Shirt',
    sku: 'SHR-LIN',
    options: [
      ['Size', SIZES],
      ['Color', ['Natural', 'Sage', 'Terracotta']],
    ],
    price: 69.9,
    weight: 210,
    images: 2,
    metadata: { fit: 'Relaxed', care: 'Machine wash 30°C' },
  },
  {
    title: 'Flannel Overshirt',
    handle: 'flannel-overshirt',
    subtitle: null,
    description: 'A brushed cotton flannel overshirt with two flap chest pockets. Layer it over a hoodie in autumn or wear it as a light jacket in spring.',
    material: '100% brushed cotton',
    origin: 'pt',
    collection: 'winter-warmers',
    categories: ['shirts'],
    tags: ['flannel', 'layering', 'check'],
    type: 'Shirt',
    sku: 'SHR-FLN',
    options: [
      ['Size', SIZES],
      ['Color', ['Red Check', 'Green Check']],
    ],
    price: 74.95,
    weight: 450,
    images: 2,
    metadata: { fit: 'Regular', care: 'Machine wash 30°C' },
  },
  {
    title: 'Chambray Work Shirt',
    handle: 'chambray-work-shirt',
    subtitle: null,
    description:
      'A hard-wearing chambray shirt with reinforced seams and a utility pen pocket. It fades beautifully over time, just like your favourite jeans.',
    material: '100% cotton chambray',
    origin: 'in',
    collection: 'weekend-wanderer',
    categories: ['shirts'],
    tags: ['chambray', 'workwear'],
    type: 'Shirt',
    sku: 'SHR-CHM',
    options: [['Size', SIZES]],
    price: 59.5,
    weight: 320,
    images: 1,
    metadata: { fit: 'Regular', care: 'Machine wash 30°C' },
  },
  // --- Jeans -----------------------------------------------------------------
  {
    title: 'Slim Selvedge Jeans',
    handle: 'slim-selvedge-jeans',
    subtitle: '14 oz Japanese selvedge denim',
    description:
      'Woven on vintage shuttle looms in Okayama, this raw selvedge denim moulds to your body and fades with your life. A slim, tapered leg with a mid rise.',
    material: '100% cotton selvedge denim',
    origin: 'jp',
    collection: 'weekend-wanderer',
    categories: ['jeans'],
    tags: ['denim', 'selvedge', 'raw'],
    type: 'Jeans',
    sku: 'JNS-SLV',
    options: [
      ['Waist', WAISTS],
      ['Length', ['30', '32']],
    ],
    price: 129,
    weight: 850,
    images: 3,
    backorder: true,
    metadata: { fit: 'Slim', care: 'Wash sparingly, inside out, cold', rise: 'Mid' },
  },
  {
    title: 'Relaxed Tapered Jeans',
    handle: 'relaxed-tapered-jeans',
    subtitle: null,
    description: 'Room through the seat and thigh with a tapered ankle for a modern silhouette. Comfort stretch denim keeps its shape all day.',
    material: '98% cotton, 2% elastane',
    origin: 'tr',
    collection: 'everyday-basics',
    categories: ['jeans'],
    tags: ['denim', 'stretch'],
    type: 'Jeans',
    sku: 'JNS-RLX',
    options: [
      ['Waist', WAISTS],
      ['Wash', ['Rinsed Indigo', 'Washed Black']],
    ],
    price: 99.9,
    weight: 780,
    images: 2,
    metadata: { fit: 'Relaxed tapered', care: 'Machine wash 30°C inside out', rise: 'Mid' },
  },
  {
    title: 'Straight Leg Carpenter Jeans',
    handle: 'straight-leg-carpenter-jeans',
    subtitle: null,
    description: 'A workwear-inspired straight leg with a hammer loop and utility pockets. Cut from rigid denim that breaks in beautifully.',
    material: '100% cotton denim',
    origin: 'tr',
    collection: 'weekend-wanderer',
    categories: ['jeans'],
    tags: ['denim', 'workwear', 'carpenter'],
    type: 'Jeans',
    sku: 'JNS-CRP',
    options: [
      ['Waist', WAISTS],
      ['Wash', ['Ecru', 'Light Wash']],
    ],
    price: 109,
    weight: 900,
    images: 2,
    metadata: { fit: 'Straight', care: 'Machine wash 30°C inside out', rise: 'High' },
  },
  // --- Shorts ----------------------------------------------------------------
  {
    title: 'Chino Shorts',
    handle: 'chino-shorts',
    subtitle: '7" inseam',
    description: 'Tailored chino shorts in a lightweight stretch twill. A 7-inch inseam sits just above the knee for a clean summer look.',
    material: '97% cotton, 3% elastane',
    origin: 'pt',
    collection: 'summer-essentials',
    categories: ['shorts'],
    tags: ['chino', 'summer'],
    type: 'Shorts',
    sku: 'SHT-CHN',
    options: [
      ['Waist', WAISTS],
      ['Color', ['Sand', 'Navy']],
    ],
    price: 49.9,
    weight: 300,
    images: 2,
    metadata: { fit: 'Regular', care: 'Machine wash 30°C', inseam_in: 7 },
  },
  {
    title: 'Swim Trunks',
    handle: 'swim-trunks',
    subtitle: null,
    description:
      'Quick-drying swim shorts with a mesh lining, an elastic drawcord waist and a zipped back pocket for your keys. Made from recycled fishing nets.',
    material: '100% recycled polyamide',
    origin: 'pt',
    collection: 'summer-essentials',
    categories: ['shorts'],
    tags: ['swim', 'recycled', 'summer'],
    type: 'Shorts',
    sku: 'SHT-SWM',
    options: [
      ['Size', SIZES],
      ['Pattern', ['Palm', 'Wave', 'Solid Navy']],
    ],
    price: 44.95,
    weight: 200,
    images: 3,
    metadata: { fit: 'Regular', care: 'Rinse in fresh water after use' },
  },
  {
    title: 'Trail Running Shorts',
    handle: 'trail-running-shorts',
    subtitle: null,
    description:
      'Featherlight running shorts with a built-in brief and a stretch waistband pocket that fits a phone and gels. Reflective details keep you visible at dusk.',
    material: '90% recycled polyester, 10% elastane',
    origin: 'vn',
    collection: 'outdoor-edit',
    categories: ['shorts'],
    tags: ['running', 'performance'],
    type: 'Shorts',
    sku: 'SHT-RUN',
    options: [
      ['Size', SIZES],
      ['Color', ['Black', 'Olive']],
    ],
    price: 39.9,
    weight: 140,
    images: 1,
    metadata: { fit: 'Athletic', care: 'Machine wash 30°C' },
  },
  // --- Outerwear -------------------------------------------------------------
  {
    title: 'Waxed Cotton Field Jacket',
    handle: 'waxed-cotton-field-jacket',
    subtitle: 'Re-waxable for decades of wear',
    description:
      'A British-made field jacket in weatherproof waxed cotton with a corduroy collar and four bellows pockets. Re-wax it every season and it will outlast everything else in your wardrobe.',
    material: '100% waxed cotton, cotton lining',
    origin: 'gb',
    collection: 'outdoor-edit',
    categories: ['outerwear'],
    tags: ['waxed', 'heritage', 'weatherproof'],
    type: 'Jacket',
    sku: 'JKT-WAX',
    options: [
      ['Size', SIZES],
      ['Color', ['Olive', 'Navy']],
    ],
    price: 249,
    weight: 1400,
    images: 3,
    metadata: { fit: 'Regular', care: 'Sponge clean, re-wax annually' },
  },
  {
    title: 'Lightweight Down Jacket',
    handle: 'lightweight-down-jacket',
    subtitle: null,
    description: 'A packable puffer filled with responsibly sourced 700-fill down. It stuffs into its own pocket and weighs less than a bottle of water.',
    material: 'Recycled nylon shell, 90/10 RDS down',
    origin: 'cn',
    collection: 'winter-warmers',
    categories: ['outerwear'],
    tags: ['down', 'packable', 'travel'],
    type: 'Jacket',
    sku: 'JKT-DWN',
    options: [
      ['Size', SIZES],
      ['Color', ['Black', 'Navy', 'Rust']],
    ],
    price: 179,
    weight: 380,
    images: 2,
    metadata: { fit: 'Regular', care: 'Machine wash 30°C with down detergent' },
  },
  {
    title: 'Rain Shell Jacket',
    handle: 'rain-shell-jacket',
    subtitle: '10k waterproof rating',
    description: 'A fully seam-sealed rain shell with an adjustable hood and pit zips for ventilation. Light enough to leave in your bag all year round.',
    material: '100% recycled polyester, PFC-free DWR',
    origin: 'vn',
    collection: 'outdoor-edit',
    categories: ['outerwear'],
    tags: ['rain', 'waterproof', 'outdoor'],
    type: 'Jacket',
    sku: 'JKT-RAN',
    options: [
      ['Size', SIZES],
      ['Color', ['Yellow', 'Black']],
    ],
    price: 139.9,
    weight: 420,
    images: 2,
    metadata: { fit: 'Regular', care: 'Machine wash 30°C, reproof with spray' },
  },
  {
    title: 'Wool Blend Overcoat',
    handle: 'wool-blend-overcoat',
    subtitle: null,
    description:
      'A single-breasted overcoat in a dense Italian wool blend, fully lined and cut to sit comfortably over a blazer. The finishing touch for the colder months.',
    material: '70% wool, 30% polyamide',
    origin: 'it',
    collection: 'office-ready',
    categories: ['outerwear'],
    tags: ['wool', 'tailoring', 'coat'],
    type: 'Coat',
    sku: 'COT-WOL',
    options: [
      ['Size', SIZES],
      ['Color', ['Charcoal', 'Camel']],
    ],
    price: 299,
    weight: 1600,
    images: 3,
    backorder: true,
    metadata: { fit: 'Tailored', care: 'Dry clean only', preorder: true },
  },
  // --- Sneakers --------------------------------------------------------------
  {
    title: 'Court Leather Sneaker',
    handle: 'court-leather-sneaker',
    subtitle: 'Handmade in Portugal',
    description: 'A minimalist court sneaker in full-grain leather on a stitched Margom rubber cupsole. Clean lines that go with everything.',
    material: 'Full-grain leather upper, rubber sole',
    origin: 'pt',
    collection: 'everyday-basics',
    categories: ['sneakers'],
    tags: ['leather', 'minimal', 'bestseller'],
    type: 'Sneakers',
    sku: 'SNK-CRT',
    options: [
      ['Size', SHOE_SIZES],
      ['Color', ['White', 'Black']],
    ],
    price: 119,
    weight: 900,
    images: 3,
    metadata: { fit: 'True to size', care: 'Wipe clean, use leather conditioner', featured: true },
  },
  {
    title: 'Canvas Low-Top Sneaker',
    handle: 'canvas-low-top-sneaker',
    subtitle: null,
    description: 'A vulcanised canvas sneaker with a cushioned cork insole. Easy to slip on for a day at the market or the beach.',
    material: 'Organic cotton canvas, natural rubber',
    origin: 'es',
    collection: 'summer-essentials',
    categories: ['sneakers'],
    tags: ['canvas', 'summer', 'vegan'],
    type: 'Sneakers',
    sku: 'SNK-CNV',
    options: [
      ['Size', SHOE_SIZES],
      ['Color', ['Ecru', 'Navy']],
    ],
    price: 69.9,
    weight: 700,
    images: 2,
    metadata: { fit: 'Half size large', care: 'Hand wash' },
  },
  {
    title: 'Trail Runner',
    handle: 'trail-runner',
    subtitle: null,
    description: 'A grippy, responsive trail shoe with a rock plate and 5 mm lugs. Built for muddy forest loops and rocky ridgelines alike.',
    material: 'Recycled mesh upper, EVA midsole, rubber outsole',
    origin: 'vn',
    collection: 'outdoor-edit',
    categories: ['sneakers'],
    tags: ['running', 'trail', 'outdoor'],
    type: 'Sneakers',
    sku: 'SNK-TRL',
    options: [
      ['Size', SHOE_SIZES],
      ['Color', ['Slate', 'Volt']],
    ],
    price: 139.95,
    weight: 620,
    images: 2,
    metadata: { fit: 'True to size', care: 'Rinse and air dry', drop_mm: 6 },
  },
  {
    title: 'Suede Skate Shoe',
    handle: 'suede-skate-shoe',
    subtitle: null,
    description: 'A low-profile suede skate shoe on a grippy gum sole. Padded collar and tongue for all-day comfort on and off the board.',
    material: 'Suede upper, rubber sole',
    origin: 'vn',
    collection: 'weekend-wanderer',
    categories: ['sneakers'],
    tags: ['suede', 'skate'],
    type: 'Sneakers',
    sku: 'SNK-SKT',
    options: [['Size', SHOE_SIZES]],
    price: 89.9,
    weight: 820,
    images: 1,
    metadata: { fit: 'True to size', care: 'Use suede brush' },
  },
  // --- Boots -----------------------------------------------------------------
  {
    title: 'Chelsea Boot',
    handle: 'chelsea-boot',
    subtitle: 'Goodyear welted',
    description: 'A sleek Chelsea boot in waxed suede with elastic side gussets and a Goodyear-welted commando sole. Resoleable, so it can last for years.',
    material: 'Waxed suede, leather lining, rubber sole',
    origin: 'es',
    collection: 'office-ready',
    categories: ['boots'],
    tags: ['boots', 'leather', 'goodyear-welted'],
    type: 'Boots',
    sku: 'BOT-CHL',
    options: [
      ['Size', SHOE_SIZES],
      ['Color', ['Brown', 'Black']],
    ],
    price: 189,
    weight: 1500,
    images: 3,
    metadata: { fit: 'True to size', care: 'Brush and waterproof regularly' },
  },
  {
    title: 'Lace-Up Hiking Boot',
    handle: 'lace-up-hiking-boot',
    subtitle: null,
    description:
      'A waterproof nubuck hiking boot with a breathable membrane and a Vibram outsole. Supportive on the trail, comfortable enough for the walk home.',
    material: 'Nubuck leather, waterproof membrane, Vibram sole',
    origin: 'it',
    collection: 'outdoor-edit',
    categories: ['boots'],
    tags: ['hiking', 'waterproof', 'outdoor'],
    type: 'Boots',
    sku: 'BOT-HIK',
    options: [['Size', SHOE_SIZES]],
    price: 169.9,
    weight: 1300,
    images: 2,
    metadata: { fit: 'True to size', care: 'Clean with brush, re-proof' },
  },
  {
    title: 'Shearling-Lined Winter Boot',
    handle: 'shearling-lined-winter-boot',
    subtitle: null,
    description: 'A cosy winter boot lined with genuine shearling and set on a grippy, cold-rated rubber sole. Keeps feet warm down to minus twenty.',
    material: 'Water-resistant suede, shearling lining',
    origin: 'pt',
    collection: 'winter-warmers',
    categories: ['boots'],
    tags: ['boots', 'winter', 'shearling'],
    type: 'Boots',
    sku: 'BOT-WNT',
    options: [
      ['Size', SHOE_SIZES],
      ['Color', ['Tan', 'Black']],
    ],
    price: 199,
    weight: 1700,
    images: 2,
    metadata: { fit: 'Half size large', care: 'Brush clean, use suede protector' },
  },
  // --- Bags ------------------------------------------------------------------
  {
    title: 'Canvas Tote Bag',
    handle: 'canvas-tote-bag',
    subtitle: null,
    description: 'A sturdy 16 oz canvas tote with an interior zip pocket and long shoulder straps. Big enough for a laptop and the weekly groceries.',
    material: '100% organic cotton canvas',
    origin: 'in',
    collection: 'everyday-basics',
    categories: ['bags'],
    tags: ['tote', 'canvas', 'organic'],
    type: 'Bag',
    sku: 'BAG-TOT',
    options: [['Color', ['Natural', 'Black', 'Olive']]],
    price: 29.9,
    weight: 400,
    images: 2,
    metadata: { capacity_l: 18, care: 'Spot clean' },
  },
  {
    title: 'Roll-Top Backpack',
    handle: 'roll-top-backpack',
    subtitle: 'Weatherproof and expandable',
    description:
      'A waterproof roll-top backpack with a padded 16-inch laptop sleeve and side water bottle pockets. Expands from 20 to 26 litres when you need it.',
    material: 'Recycled nylon with TPU coating',
    origin: 'vn',
    collection: 'weekend-wanderer',
    categories: ['bags'],
    tags: ['backpack', 'waterproof', 'commute'],
    type: 'Bag',
    sku: 'BAG-RLT',
    options: [['Color', ['Black', 'Sand', 'Forest']]],
    price: 119,
    weight: 950,
    images: 3,
    metadata: { capacity_l: 26, laptop_in: 16, care: 'Wipe clean' },
  },
  {
    title: 'Leather Weekender',
    handle: 'leather-weekender',
    subtitle: null,
    description:
      'A generous holdall in vegetable-tanned leather with solid brass hardware and a detachable shoulder strap. It develops a rich patina on every trip.',
    material: 'Vegetable-tanned leather, cotton lining',
    origin: 'it',
    collection: 'weekend-wanderer',
    categories: ['bags'],
    tags: ['leather', 'travel', 'premium'],
    type: 'Bag',
    sku: 'BAG-WKD',
    options: [['Color', ['Cognac', 'Dark Brown']]],
    price: 349,
    weight: 2100,
    images: 3,
    backorder: true,
    metadata: { capacity_l: 45, care: 'Condition leather twice a year' },
  },
  {
    title: 'Crossbody Sling Bag',
    handle: 'crossbody-sling-bag',
    subtitle: null,
    description: 'A compact sling for your phone, wallet and keys with a quick-adjust strap. Wear it across the chest or around the waist.',
    material: 'Recycled polyester ripstop',
    origin: 'vn',
    collection: 'summer-essentials',
    categories: ['bags'],
    tags: ['sling', 'travel', 'recycled'],
    type: 'Bag',
    sku: 'BAG-SLG',
    options: [['Color', ['Black', 'Stone']]],
    price: 54.9,
    weight: 250,
    images: 1,
    metadata: { capacity_l: 3, care: 'Wipe clean' },
  },
  // --- Hats ------------------------------------------------------------------
  {
    title: 'Merino Beanie',
    handle: 'merino-beanie',
    subtitle: null,
    description: 'A rib-knit beanie in extra-fine Merino wool that is warm, breathable and never itchy. The deep turn-up can be worn high or low.',
    material: '100% extra-fine Merino wool',
    origin: 'gb',
    collection: 'winter-warmers',
    categories: ['hats'],
    tags: ['merino', 'knitwear', 'winter'],
    type: 'Hat',
    sku: 'HAT-BNE',
    options: [['Color', ['Charcoal', 'Mustard', 'Navy', 'Rust']]],
    price: 34.9,
    weight: 90,
    images: 2,
    metadata: { care: 'Hand wash cold, dry flat' },
  },
  {
    title: 'Six-Panel Cap',
    handle: 'six-panel-cap',
    subtitle: null,
    description: 'A washed cotton twill cap with an adjustable brass clasp and a pre-curved brim. Broken-in from day one.',
    material: '100% cotton twill',
    origin: 'cn',
    collection: 'summer-essentials',
    categories: ['hats'],
    tags: ['cap', 'summer'],
    type: 'Hat',
    sku: 'HAT-CAP',
    options: [['Color', ['Black', 'Stone', 'Navy']]],
    price: 29.5,
    weight: 80,
    images: 1,
    metadata: { care: 'Hand wash' },
  },
  {
    title: 'Bucket Hat',
    handle: 'bucket-hat',
    subtitle: null,
    description: 'A packable bucket hat in ripstop cotton that shades your face and neck. Folds flat into any pocket.',
    material: '100% cotton ripstop',
    origin: 'pt',
    collection: 'summer-essentials',
    categories: ['hats'],
    tags: ['bucket-hat', 'summer', 'packable'],
    type: 'Hat',
    sku: 'HAT-BKT',
    options: [
      ['Size', ['S/M', 'L/XL']],
      ['Color', ['Sand', 'Olive']],
    ],
    price: 34.95,
    weight: 90,
    images: 2,
    metadata: { care: 'Machine wash 30°C' },
  },
  // --- Socks -----------------------------------------------------------------
  {
    title: 'Everyday Crew Socks 3-Pack',
    handle: 'everyday-crew-socks-3-pack',
    subtitle: 'Three pairs',
    description: 'Cushioned crew socks with a reinforced heel and toe and a seamless toe closure. Sold as a pack of three matching pairs.',
    material: '80% organic cotton, 18% polyamide, 2% elastane',
    origin: 'pt',
    collection: 'everyday-basics',
    categories: ['socks'],
    tags: ['socks', 'multipack', 'basics'],
    type: 'Socks',
    sku: 'SCK-CRW',
    options: [
      ['Size', SOCK_SIZES],
      ['Color', ['White', 'Black', 'Mixed']],
    ],
    price: 19.9,
    weight: 150,
    images: 1,
    metadata: { pairs: 3, care: 'Machine wash 40°C' },
  },
  {
    title: 'Merino Hiking Socks',
    handle: 'merino-hiking-socks',
    subtitle: null,
    description: 'Mid-weight hiking socks knitted from Merino wool with targeted cushioning and arch support. Naturally odour-resistant on multi-day treks.',
    material: '70% Merino wool, 28% polyamide, 2% elastane',
    origin: 'it',
    collection: 'outdoor-edit',
    categories: ['socks'],
    tags: ['socks', 'merino', 'hiking'],
    type: 'Socks',
    sku: 'SCK-HIK',
    options: [['Size', SOCK_SIZES]],
    price: 22.5,
    weight: 80,
    images: 1,
    metadata: { pairs: 1, care: 'Machine wash 30°C wool cycle' },
  },
  // --- Mugs ------------------------------------------------------------------
  {
    title: 'Stoneware Mug',
    handle: 'stoneware-mug',
    subtitle: 'Hand-glazed in small batches',
    description: 'A wheel-thrown stoneware mug with a generous handle and a reactive glaze, so no two are exactly alike. Dishwasher and microwave safe.',
    material: 'Stoneware',
    origin: 'pt',
    collection: 'home-comforts',
    categories: ['mugs'],
    tags: ['mug', 'ceramic', 'handmade'],
    type: 'Mug',
    sku: 'MUG-STN',
    options: [
      ['Capacity', ['250 ml', '350 ml']],
      ['Glaze', ['Speckled White', 'Slate Blue', 'Sage']],
    ],
    price: 22,
    deltas: { '350 ml': 4 },
    weight: 380,
    images: 3,
    metadata: { dishwasher_safe: true, microwave_safe: true },
  },
  {
    title: 'Enamel Camp Mug',
    handle: 'enamel-camp-mug',
    subtitle: null,
    description: 'A lightweight enamelled steel mug with a rolled stainless rim. At home on the campfire, the balcony or the office desk.',
    material: 'Enamelled steel',
    origin: 'pl',
    collection: 'outdoor-edit',
    categories: ['mugs'],
    tags: ['mug', 'camping', 'outdoor'],
    type: 'Mug',
    sku: 'MUG-ENM',
    options: [
      ['Capacity', ['350 ml', '500 ml']],
      ['Color', ['White', 'Black']],
    ],
    price: 18.9,
    deltas: { '500 ml': 3 },
    weight: 160,
    images: 2,
    metadata: { dishwasher_safe: false, microwave_safe: false },
  },
  {
    title: 'Double-Wall Glass Mug',
    handle: 'double-wall-glass-mug',
    subtitle: null,
    description: 'A mouth-blown borosilicate glass mug whose double wall keeps drinks hot and your hands cool. Shows off every layer of a flat white.',
    material: 'Borosilicate glass',
    origin: 'cz',
    collection: 'home-comforts',
    categories: ['mugs'],
    tags: ['mug', 'glass', 'coffee'],
    type: 'Mug',
    sku: 'MUG-GLS',
    options: [['Capacity', ['250 ml', '350 ml']]],
    price: 24.95,
    deltas: { '350 ml': 3 },
    weight: 200,
    images: 1,
    metadata: { dishwasher_safe: true, microwave_safe: true },
  },
  // --- Kitchen ---------------------------------------------------------------
  {
    title: 'Insulated Water Bottle',
    handle: 'insulated-water-bottle',
    subtitle: 'Cold for 24 hours, hot for 12',
    description: 'A vacuum-insulated stainless steel bottle with a leak-proof bamboo cap. Powder-coated for grip and built to last a lifetime of refills.',
    material: '18/8 stainless steel, bamboo',
    origin: 'cn',
    collection: 'outdoor-edit',
    categories: ['kitchen'],
    tags: ['bottle', 'insulated', 'reusable'],
    type: 'Bottle',
    sku: 'BTL-INS',
    options: [
      ['Capacity', ['500 ml', '750 ml']],
      ['Color', ['Black', 'Sage', 'Sand']],
    ],
    price: 34.95,
    deltas: { '750 ml': 5 },
    weight: 350,
    images: 2,
    metadata: { dishwasher_safe: false, bpa_free: true },
  },
  // --- Home textiles ---------------------------------------------------------
  {
    title: 'Waffle Cotton Throw',
    handle: 'waffle-cotton-throw',
    subtitle: '130 x 180 cm',
    description: 'A heavyweight waffle-weave throw in soft Turkish cotton. Drape it over the sofa or the end of the bed for instant texture.',
    material: '100% cotton',
    origin: 'tr',
    collection: 'home-comforts',
    categories: ['textiles'],
    tags: ['throw', 'cotton', 'living-room'],
    type: 'Home Textile',
    sku: 'TXT-THR',
    options: [['Color', ['Ecru', 'Charcoal']]],
    price: 89,
    weight: 1200,
    images: 2,
    metadata: { dimensions_cm: '130x180', care: 'Machine wash 40°C' },
  },
  {
    title: 'Linen Tea Towel Set',
    handle: 'linen-tea-towel-set',
    subtitle: 'Set of two',
    description: 'Two absorbent, lint-free tea towels in stonewashed linen with a hanging loop. They only get softer with every wash.',
    material: '100% linen',
    origin: 'lt',
    collection: 'home-comforts',
    categories: ['textiles', 'kitchen'],
    tags: ['linen', 'kitchen', 'set'],
    type: 'Home Textile',
    sku: 'TXT-TWL',
    options: [['Color', ['Natural', 'Stripe']]],
    price: 24.9,
    weight: 220,
    images: 1,
    metadata: { pieces: 2, dimensions_cm: '50x70', care: 'Machine wash 40°C' },
  },
];

// ---------------------------------------------------------------------------
// Product building
// ---------------------------------------------------------------------------

/** Options whose value index scales the variant weight (bigger sizes weigh more). */
const WEIGHT_SCALING_OPTIONS = new Set(['Size', 'Waist', 'Capacity']);

interface BuildParams {
  title: string;
  handle: string;
  skuStem: string;
  /** Prefix for barcodes (2 digits) and a numeric base for variant numbering. */
  barcodePrefix: string;
  barcodeBase: number;
  priceShift: number;
  collection: string | null;
  metadata: Record<string, unknown>;
}

function buildProduct(t: ProductTemplate, p: BuildParams): SeedProduct {
  const options = t.options.map(([title, values]) => ({ title, values: values.slice() }));

  // Cartesian product of option values, first option outermost.
  let combos: string[][] = [[]];
  for (const opt of options) {
    const next: string[][] = [];
    for (const combo of combos) for (const v of opt.values) next.push([...combo, v]);
    combos = next;
  }

  const variants: SeedVariant[] = combos.map((combo, vi) => {
    const sku = `${p.skuStem}-${combo.map(valueCode).join('-')}`;
    const rnd = mulberry32(hash32(sku));
    const roll = rnd();
    const level = rnd();
    const inventory = roll < 0.07 ? 0 : Math.min(200, 3 + Math.floor(level * 198));

    let eur = t.price + p.priceShift;
    let weight = t.weight;
    const variantOptions: Record<string, string> = {};
    combo.forEach((value, oi) => {
      const opt = options[oi]!;
      variantOptions[opt.title] = value;
      eur += t.deltas?.[value] ?? 0;
      if (weight !== null && WEIGHT_SCALING_OPTIONS.has(opt.title)) {
        weight += Math.round(t.weight! * 0.06) * opt.values.indexOf(value);
      }
    });

    const barcodeBody = p.barcodePrefix + String(p.barcodeBase + vi).padStart(10, '0');
    return {
      title: combo.join(' / '),
      sku,
      barcode: ean13(barcodeBody),
      options: variantOptions,
      prices: pricesFor(eur),
      inventory_quantity: inventory,
      manage_inventory: true,
      allow_backorder: t.backorder === true,
      weight,
    };
  });

  const images: string[] = [];
  for (let i = 1; i <= t.images; i++) images.push(`${p.handle}-${i}.svg`);

  return {
    title: p.title,
    handle: p.handle,
    subtitle: t.subtitle,
    description: t.description,
    material: t.material,
    origin_country: t.origin,
    collection_key: p.collection,
    category_keys: t.categories.slice(),
    tags: t.tags.slice(),
    type: t.type,
    options,
    variants,
    images,
    thumbnail: images[0]!,
    weight: t.weight,
    metadata: p.metadata,
  };
}

function cloneMetadata(m: Record<string, unknown> | undefined): Record<string, unknown> {
  // Template metadata only holds primitives, so a shallow copy is a full copy.
  return m === undefined ? {} : { ...m };
}

/** Spread demo products over the barcode space: 12 slots per product is the variant cap. */
const VARIANT_SLOTS = 12;

function buildDemoProducts(): SeedProduct[] {
  return TEMPLATES.map((t, i) =>
    buildProduct(t, {
      title: t.title,
      handle: t.handle,
      skuStem: t.sku,
      barcodePrefix: '20',
      barcodeBase: (i + 1) * VARIANT_SLOTS,
      priceShift: 0,
      collection: t.collection,
      metadata: { ...cloneMetadata(t.metadata), demo: true },
    }),
  );
}

export function demoCatalog(): SeedCatalog {
  return {
    regions: buildRegions(),
    collections: buildCollections(),
    categories: buildCategories(),
    products: buildDemoProducts(),
  };
}

// ---------------------------------------------------------------------------
// Synthetic catalog for benchmarks
// ---------------------------------------------------------------------------

const SYNTHETIC_ADJECTIVES = [
  'Coastal',
  'Urban',
  'Alpine',
  'Nordic',
  'Vintage',
  'Studio',
  'Harbour',
  'Meadow',
  'Canyon',
  'Midnight',
  'Heritage',
  'Sunset',
  'Glacier',
  'Desert',
  'Forest',
  'Island',
  'Metro',
  'Prairie',
  'Summit',
  'Riviera',
];

/** A large synthetic catalog for benchmarks: `count` products built from the same building blocks (unique handles/skus), still deterministic. */
export function syntheticProducts(count: number, startIndex = 0): SeedProduct[] {
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  const start = Number.isFinite(startIndex) ? Math.max(0, Math.floor(startIndex)) : 0;
  const adjSlugs = SYNTHETIC_ADJECTIVES.map(slugify);
  const out: SeedProduct[] = new Array<SeedProduct>(n);
  for (let k = 0; k < n; k++) {
    const index = start + k;
    const t = TEMPLATES[index % TEMPLATES.length]!;
    const round = Math.floor(index / TEMPLATES.length);
    const adjIdx = round % SYNTHETIC_ADJECTIVES.length;
    const adjective = SYNTHETIC_ADJECTIVES[adjIdx]!;
    // Shift prices a little per adjective so the synthetic catalog is not uniform (-5 .. +10 EUR).
    const priceShift = t.price >= 20 ? ((adjIdx % 4) - 1) * 5 : 0;
    out[k] = buildProduct(t, {
      title: `${adjective} ${t.title}`,
      // The trailing "-<index>" makes handles unique for any distinct index.
      handle: `${adjSlugs[adjIdx]!}-${t.handle}-${index}`,
      // "SYN-<index>-..." keeps SKUs unique for any distinct index.
      skuStem: `SYN-${index}-${t.sku}`,
      barcodePrefix: '21',
      barcodeBase: index * VARIANT_SLOTS,
      priceShift,
      collection: t.collection,
      metadata: { ...cloneMetadata(t.metadata), synthetic: true, template: t.handle, synthetic_index: index },
    });
  }
  return out;
}

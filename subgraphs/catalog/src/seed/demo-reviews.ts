import type { ReviewStatus } from '@svc/kit';
import type { CreateTemplateData } from '../inputs/product-template.input';

interface SeedReview {
  handle: string;
  author_name: string;
  rating: number;
  title: string | null;
  content: string;
  status: ReviewStatus;
  days_ago: number;
}

/**
 * The demo store's reviews. The demo has no customers, so seeded reviews carry only the name a
 * storefront shows (`author_name`, first name and last initial) and `customer_id` null; a real
 * customer's review always names its customer.
 */
export function demoReviews(): SeedReview[] {
  return [
    {
      handle: 'classic-organic-tee',
      author_name: 'Laura M.',
      rating: 5,
      title: 'My go-to tee',
      content: 'Soft from the first wear and it kept its shape after a dozen washes. I ordered my usual size and the fit is spot on.',
      status: 'approved',
      days_ago: 41,
    },
    {
      handle: 'classic-organic-tee',
      author_name: 'Tom B.',
      rating: 4,
      title: 'Great basic, slightly long',
      content: 'Lovely fabric and the colour has not faded. The body runs a little long on me, so I tuck it in, but I bought two more anyway.',
      status: 'approved',
      days_ago: 23,
    },
    {
      handle: 'classic-organic-tee',
      author_name: 'Priya S.',
      rating: 5,
      title: null,
      content: 'Finally an organic cotton tee that is not see-through. The white is properly opaque.',
      status: 'approved',
      days_ago: 9,
    },
    {
      handle: 'classic-organic-tee',
      author_name: 'Marc D.',
      rating: 2,
      title: 'Shrank a bit',
      content: 'Washed it at 40 degrees and it came out about a centimetre shorter. Fine otherwise, but wash it cold.',
      status: 'pending',
      days_ago: 1,
    },
    {
      handle: 'slim-selvedge-jeans',
      author_name: 'Jonas K.',
      rating: 5,
      title: 'Worth the break-in',
      content: 'Stiff for the first two weeks, now they fit like they were made for me. The selvedge detail on the cuff looks great.',
      status: 'approved',
      days_ago: 60,
    },
    {
      handle: 'slim-selvedge-jeans',
      author_name: 'Elena R.',
      rating: 4,
      title: 'Size up if between sizes',
      content: 'Beautiful denim with a deep indigo. The waist is snug at first, so go one size up if you are between two.',
      status: 'approved',
      days_ago: 18,
    },
    {
      handle: 'court-leather-sneaker',
      author_name: 'Sam W.',
      rating: 5,
      title: 'Comfortable straight out of the box',
      content: 'Wore them for a full day in the city the day they arrived, no blisters. The leather is soft and the stitching is neat.',
      status: 'approved',
      days_ago: 30,
    },
    {
      handle: 'court-leather-sneaker',
      author_name: 'Hannah L.',
      rating: 3,
      title: 'Nice, but narrow',
      content: 'Quality is excellent. They are narrow across the toes for my wide feet, so I wear them with thin socks.',
      status: 'approved',
      days_ago: 12,
    },
    {
      handle: 'rain-shell-jacket',
      author_name: 'Oliver P.',
      rating: 4,
      title: 'Kept me dry on a wet hike',
      content: 'Three hours of steady rain and I stayed dry underneath. Packs into its own pocket. The hood could be a bit roomier.',
      status: 'approved',
      days_ago: 27,
    },
    {
      handle: 'stoneware-mug',
      author_name: 'Chloe F.',
      rating: 5,
      title: 'Each one is a little different',
      content: 'The glaze is gorgeous and the mug holds a proper amount of coffee. Dishwasher safe so far.',
      status: 'approved',
      days_ago: 15,
    },
    {
      handle: 'stoneware-mug',
      author_name: 'Ben A.',
      rating: 5,
      title: null,
      content: 'Bought four as a gift set. Well packed, none arrived chipped.',
      status: 'pending',
      days_ago: 2,
    },
  ];
}

/** The demo store's product templates: apparel, footwear, and a simple single-variant product. */
export function demoTemplates(): CreateTemplateData[] {
  return [
    {
      name: 'Apparel (size and colour)',
      description: 'Tops, shirts and knitwear sold in letter sizes and several colours.',
      options: [
        { title: 'Size', values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
        { title: 'Color', values: ['Black', 'White', 'Navy', 'Heather Grey'] },
      ],
      attributes: { material: 'Cotton', care: 'Machine wash cold, tumble dry low', fit: 'Regular', origin_country: 'pt' },
      default_status: 'draft',
    },
    {
      name: 'Footwear (size and width)',
      description: 'Shoes and boots in EU sizes with a standard and a wide last.',
      options: [
        { title: 'Size', values: ['38', '39', '40', '41', '42', '43', '44', '45', '46'] },
        { title: 'Width', values: ['Standard', 'Wide'] },
      ],
      attributes: { upper: 'Leather', sole: 'Rubber', size_system: 'EU', care: 'Wipe clean with a damp cloth' },
      default_status: 'draft',
    },
    {
      name: 'Simple product (one variant)',
      description: 'A product without options, such as a mug, a gift card or a print: one variant, one price.',
      options: [],
      attributes: { shipping_class: 'standard' },
      default_status: 'draft',
    },
  ];
}

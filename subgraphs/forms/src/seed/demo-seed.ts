import type { SeedContext } from '@svc/kit';
import type { CreateFormData } from '../inputs/form.input';
import type { FormsServices } from '../services';

/** The demo store's forms: a contact form, a newsletter popup (the active popup), a return request. */
export const demoForms = (): CreateFormData[] => [
  {
    slug: 'contact',
    title: 'Contact us',
    description: 'Questions about an order, a product or anything else: we answer within one business day.',
    fields: [
      { name: 'name', label: 'Your name', type: 'text', required: true, min_length: 2, max_length: 100, placeholder: 'Jane Doe' },
      { name: 'email', label: 'Email', type: 'email', required: true, placeholder: 'jane@example.com' },
      {
        name: 'topic',
        label: 'Topic',
        type: 'select',
        required: true,
        options: [
          { value: 'order', label: 'An order' },
          { value: 'product', label: 'A product' },
          { value: 'wholesale', label: 'Wholesale' },
          { value: 'other', label: 'Something else' },
        ],
      },
      { name: 'message', label: 'Message', type: 'textarea', required: true, min_length: 10, max_length: 5000 },
      { name: 'consent', label: 'I agree that my details are stored to answer my request', type: 'checkbox', required: true },
    ],
    success_message: 'Thank you! We will get back to you within one business day.',
    success_redirect: '/contact/thank-you',
    notification_recipients: ['support@demo.store'],
  },
  {
    slug: 'newsletter-popup',
    title: 'Get 10% off your first order',
    description: 'Join our newsletter for new arrivals, care tips and members-only offers.',
    fields: [
      { name: 'email', label: 'Email', type: 'email', required: true, placeholder: 'you@example.com' },
      { name: 'first_name', label: 'First name', type: 'text', max_length: 60 },
    ],
    success_message: 'Welcome aboard! Your code WELCOME10 is on its way.',
    notification_recipients: ['marketing@demo.store'],
    is_popup: true,
  },
  {
    slug: 'return-request',
    title: 'Request a return',
    description: 'Returns are free within 30 days of delivery. Tell us what you are sending back.',
    fields: [
      { name: 'order_number', label: 'Order number', type: 'text', required: true, pattern: '[0-9]{1,10}', help_text: 'The number in your order confirmation' },
      { name: 'email', label: 'Email used for the order', type: 'email', required: true },
      { name: 'delivered_on', label: 'Delivery date', type: 'date', required: true, min_date: '2025-01-01', max_date: '2030-12-31' },
      { name: 'items', label: 'How many items', type: 'number', required: true, min: 1, max: 20 },
      {
        name: 'reason',
        label: 'Reason',
        type: 'select',
        required: true,
        options: [
          { value: 'size', label: 'Wrong size' },
          { value: 'damaged', label: 'Arrived damaged' },
          { value: 'not_as_described', label: 'Not as described' },
          { value: 'changed_mind', label: 'Changed my mind' },
        ],
      },
      { name: 'photo', label: 'Photo of the item (optional)', type: 'file', help_text: 'Upload it first; this holds the media asset id' },
      { name: 'details', label: 'Anything else', type: 'textarea', max_length: 2000 },
    ],
    success_message: 'Your return request is in. We will email you a prepaid label.',
    success_redirect: '/account/returns',
    notification_recipients: ['returns@demo.store'],
  },
];

/** Stored demo submissions: form slug -> values. */
export const demoSubmissions = (): Array<{ form: string; data: Record<string, unknown> }> => [
  {
    form: 'contact',
    data: {
      name: 'Anna Keller',
      email: 'anna.keller@example.com',
      topic: 'product',
      message: 'Is the Classic Organic Tee pre-shrunk? I am between two sizes.',
      consent: true,
    },
  },
  { form: 'newsletter-popup', data: { email: 'leo.martin@example.com', first_name: 'Leo' } },
  {
    form: 'return-request',
    data: {
      order_number: '1042',
      email: 'sam.taylor@example.com',
      delivered_on: '2026-11-02',
      items: 1,
      reason: 'size',
      details: 'Please send a size L instead if possible.',
    },
  },
];

/** forms's part of the demo store: the forms, created as an admin would, and a few submissions. */
export async function seedDemoForms(s: FormsServices, seed: SeedContext): Promise<void> {
  for (const form of demoForms()) await s.forms.create(seed.ctx, form);
  // submitted as a storefront would, past the anti-spam check (the demo tenant configures no verifier)
  const ctx = { ...seed.ctx, antispam: { verified: true }, userAgent: 'Mozilla/5.0 (demo seed)' };
  for (const sub of demoSubmissions()) await s.submissions.submit(ctx, sub);
  seed.log.debug({ tenantId: seed.tenantId }, 'forms: demo forms and submissions created');
}

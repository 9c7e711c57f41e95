import { z } from 'zod';
import { defineEvents } from '@svc/kit';

/** What commerce tells the rest of the platform (payloads are checked when emitted). */
export const commerceEvents = defineEvents('commerce', {
  'cart.created': z.object({ id: z.string(), customer_id: z.string().nullable() }),
  'order.placed': z.object({
    id: z.string(),
    display_id: z.number().int(),
    cart_id: z.string(),
    customer_id: z.string().nullable(),
    email: z.string().nullable(),
    currency_code: z.string(),
    total: z.number(),
    /** where it was sold (analytics rollups by region and sales channel; absent on events written before they were added) */
    region_id: z.string().nullable().optional(),
    sales_channel_id: z.string().nullable().optional(),
    /** the order's lines: other domains act on the kinds they sell (event tickets → registrations, tour seats → bookings) */
    items: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        reference_id: z.string(),
        title: z.string(),
        quantity: z.number().int(),
        unit_price: z.number(),
        /** the catalog product and its collection of a `product` line (null for other kinds) */
        product_id: z.string().nullable().optional(),
        collection_id: z.string().nullable().optional(),
        metadata: z.record(z.string(), z.unknown()).nullable(),
      }),
    ),
  }),
  'order.canceled': z.object({
    id: z.string(),
    customer_id: z.string().nullable(),
    /** what was canceled and where (analytics), and how much of a captured payment the cancellation gave back (0 when none was captured; refunds made before are not counted again) */
    currency_code: z.string().optional(),
    total: z.number().optional(),
    refunded_amount: z.number().optional(),
    region_id: z.string().nullable().optional(),
    sales_channel_id: z.string().nullable().optional(),
  }),
  'order.fulfilment_shipped': z.object({ id: z.string(), customer_id: z.string().nullable(), tracking_number: z.string().nullable() }),
  /** a customer asked to take the order over; the one-time token is mailed to the order's email by commerce itself, no event carries it */
  'order.transfer_requested': z.object({ id: z.string(), email: z.string().nullable(), requested_by: z.string(), expires_at: z.string() }),
  'order.transfer_accepted': z.object({ id: z.string(), customer_id: z.string() }),
  'order.transfer_declined': z.object({ id: z.string() }),
  'order.payment_captured': z.object({ id: z.string(), amount: z.number(), currency_code: z.string() }),
  /** an admin refunded part or all of the captured payment (`refundOrderPayment`); analytics counts it under `refunds` */
  'order.refunded': z.object({
    id: z.string(),
    customer_id: z.string().nullable(),
    /** this refund, in major units of the order's currency */
    amount: z.number(),
    currency_code: z.string(),
    /** every refund of the order so far, this one included */
    refunded_total: z.number(),
    reason: z.string(),
    /** partially_refunded, or refunded once all of the captured amount went back */
    payment_status: z.string(),
    region_id: z.string().nullable(),
    sales_channel_id: z.string().nullable(),
  }),
});

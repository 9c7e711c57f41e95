import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { ValidateWith } from '@svc/kit';

/** Why a payment was refunded (Medusa's refund reason, as a fixed list of codes). */
export const REFUND_REASONS = ['customer_request', 'returned', 'damaged', 'not_delivered', 'duplicate', 'goodwill', 'other'] as const;

export const refundSchema = z.strictObject({
  amount: z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, 'amount is a positive decimal string in major units of the order\'s currency, e.g. "12.50"'),
  currency_code: z
    .string()
    .regex(/^[a-zA-Z]{3}$/, 'currency_code is a three-letter code')
    .transform((c) => c.toLowerCase())
    .nullish(),
  reason: z.enum(REFUND_REASONS).default('other'),
  note: z.string().trim().max(1000, 'note is at most 1,000 characters').nullish(),
});
export type RefundData = z.infer<typeof refundSchema>;

@InputType('RefundOrderPaymentInput', { description: "A refund of part or all of an order's captured payment" })
@ValidateWith(refundSchema)
export class RefundOrderPaymentInput {
  @Field({
    description:
      'The amount to give back, a decimal string in major units of the order\'s currency ("12.50"): more than 0, at most what was captured minus what was refunded, with no more decimals than the currency has',
  })
  amount!: string;
  @Field(() => String, {
    nullable: true,
    description: "The currency of the amount; when given it must be the order's (a guard against refunding in the wrong one)",
  })
  currency_code?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Why: customer_request, returned, damaged, not_delivered, duplicate, goodwill or other (the default)',
  })
  reason?: (typeof REFUND_REASONS)[number];
  @Field(() => String, { nullable: true, description: "A note kept with the refund, up to 1,000 characters (shown with the order's payment)" })
  note?: string | null;
}

import { z } from 'zod';
import { Field, InputType } from 'type-graphql';
import { JSONScalar, ValidateWith, currencySchema, httpUrlSchema, metadataSchema, type Metadata } from '@svc/kit';

/** a non-negative decimal amount in major units, at most 4 decimals (the currency's minor unit is checked by the adapters) */
const amount = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, 'amounts are decimal strings in major units, e.g. "9.99"');
const key = z.string().min(1).max(200);
const data = z.record(z.string(), z.unknown());

const recurringBase = {
  provider_id: z.string().min(1).max(100),
  currency_code: currencySchema,
  amount,
  idempotency_key: key,
  customer_id: z.string().max(100).nullish(),
  email: z.string().max(320).nullish(),
  reference: z.string().max(200).nullish(),
};

const recurringStartSchema = z.strictObject({
  ...recurringBase,
  return_url: httpUrlSchema('return_url').nullish(),
  cancel_url: httpUrlSchema('cancel_url').nullish(),
});

const recurringConfirmSchema = z.strictObject({ ...recurringBase, data });
const recurringChargeSchema = z.strictObject({ ...recurringBase, method: data });
const recurringRefundSchema = z.strictObject({ ...recurringBase, data });
const renewalOrderSchema = z.strictObject({
  key,
  currency_code: currencySchema,
  amount,
  title: z.string().min(1).max(300),
  description: z.string().max(1000).nullish(),
  customer_id: z.string().max(100).nullish(),
  email: z.string().max(320).nullish(),
  provider_id: z.string().min(1).max(100),
  paid: z.boolean(),
  payment_data: data.nullish(),
  metadata: metadataSchema.nullish(),
});

@InputType('RecurringPaymentInput', { description: 'A recurring payment step at a provider' })
@ValidateWith(recurringStartSchema)
export class RecurringPaymentInput {
  @Field(() => String, { nullable: true, description: "Where the provider's approval page returns the shopper (PayPal)" }) return_url?: string | null;
  @Field(() => String, { nullable: true, description: 'Where the approval page sends a shopper who cancels (PayPal)' }) cancel_url?: string | null;
  @Field({ description: 'A provider offered for the currency that can keep a method (Stripe, PayPal) or invoices (manual, bank transfer)' })
  provider_id!: string;
  @Field({ description: 'ISO 4217, lower-case (eur)' }) currency_code!: string;
  @Field({ description: 'Decimal string in major units; "0" only saves the method' }) amount!: string;
  @Field({ description: 'Sent to the provider as its idempotency key (the same key: the same session)' }) idempotency_key!: string;
  @Field(() => String, { nullable: true, description: 'The customer paying (cus_…), passed to the provider' }) customer_id?: string | null;
  @Field(() => String, { nullable: true, description: "The payer's email, passed to the provider" }) email?: string | null;
  @Field(() => String, { nullable: true, description: "The caller's reference (a subscription id), passed to the provider" }) reference?: string | null;
}

@InputType('ConfirmRecurringPaymentInput', { description: 'The session to confirm, with its data' })
@ValidateWith(recurringConfirmSchema)
export class ConfirmRecurringPaymentInput extends RecurringPaymentInput {
  @Field(() => JSONScalar, { description: "The session's data as startRecurringPayment answered it" }) data!: Record<string, unknown>;
}

@InputType('ChargeSavedPaymentMethodInput', { description: 'An off-session charge of a saved method' })
@ValidateWith(recurringChargeSchema)
export class ChargeSavedPaymentMethodInput extends RecurringPaymentInput {
  @Field(() => JSONScalar, { description: 'The saved method as confirmRecurringPayment answered it' }) method!: Record<string, unknown>;
}

@InputType('RefundRecurringPaymentInput', { description: 'A refund of (part of) a recurring charge' })
@ValidateWith(recurringRefundSchema)
export class RefundRecurringPaymentInput extends RecurringPaymentInput {
  @Field(() => JSONScalar, { description: "The charge's payment data as the charge answered it (provider ids): what is refunded" }) data!: Record<
    string,
    unknown
  >;
}

@InputType('RenewalOrderInput', { description: 'The order of one subscription renewal' })
@ValidateWith(renewalOrderSchema)
export class RenewalOrderInput {
  @Field({ description: 'Unique per renewal: a second call answers the order of the first' }) key!: string;
  @Field({ description: 'ISO 4217, lower-case (eur)' }) currency_code!: string;
  @Field({ description: 'What the renewal costs: decimal string in major units' }) amount!: string;
  @Field({ description: "The order line's title (the plan)" }) title!: string;
  @Field(() => String, { nullable: true, description: 'A longer text for the line' }) description?: string | null;
  @Field(() => String, { nullable: true, description: 'The customer it belongs to (cus_…)' }) customer_id?: string | null;
  @Field(() => String, { nullable: true, description: "The email the order's mails go to" }) email?: string | null;
  @Field({ description: 'The payment provider that charged or invoices it' }) provider_id!: string;
  @Field({ description: 'Paid off-session (captured), or an invoice awaiting payment' }) paid!: boolean;
  @Field(() => JSONScalar, { nullable: true, description: "The charge's payment data (provider ids), kept on the payment session" }) payment_data?: Record<
    string,
    unknown
  > | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data kept on the order (with renewal_key)' }) metadata?: Metadata | null;
}

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

@InputType('RecurringPaymentInput')
@ValidateWith(recurringStartSchema)
export class RecurringPaymentInput {
  @Field(() => String, { nullable: true, description: "Where the provider's approval page returns the shopper (PayPal)" }) return_url?: string | null;
  @Field(() => String, { nullable: true, description: 'Where the approval page sends a shopper who cancels (PayPal)' }) cancel_url?: string | null;
  @Field() provider_id!: string;
  @Field() currency_code!: string;
  @Field({ description: 'Decimal string in major units; "0" only saves the method' }) amount!: string;
  @Field({ description: 'Sent to the provider as its idempotency key (the same key: the same session)' }) idempotency_key!: string;
  @Field(() => String, { nullable: true }) customer_id?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) reference?: string | null;
}

@InputType('ConfirmRecurringPaymentInput')
@ValidateWith(recurringConfirmSchema)
export class ConfirmRecurringPaymentInput extends RecurringPaymentInput {
  @Field(() => JSONScalar, { description: "The session's data as startRecurringPayment answered it" }) data!: Record<string, unknown>;
}

@InputType('ChargeSavedPaymentMethodInput')
@ValidateWith(recurringChargeSchema)
export class ChargeSavedPaymentMethodInput extends RecurringPaymentInput {
  @Field(() => JSONScalar, { description: 'The saved method as confirmRecurringPayment answered it' }) method!: Record<string, unknown>;
}

@InputType('RefundRecurringPaymentInput')
@ValidateWith(recurringRefundSchema)
export class RefundRecurringPaymentInput extends RecurringPaymentInput {
  @Field(() => JSONScalar, { description: "The charge's payment data as the charge answered it (provider ids): what is refunded" }) data!: Record<
    string,
    unknown
  >;
}

@InputType('RenewalOrderInput')
@ValidateWith(renewalOrderSchema)
export class RenewalOrderInput {
  @Field({ description: 'Unique per renewal: a second call answers the order of the first' }) key!: string;
  @Field() currency_code!: string;
  @Field() amount!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, { nullable: true }) customer_id?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field() provider_id!: string;
  @Field({ description: 'Paid off-session (captured), or an invoice awaiting payment' }) paid!: boolean;
  @Field(() => JSONScalar, { nullable: true }) payment_data?: Record<string, unknown> | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

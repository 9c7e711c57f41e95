import { z } from 'zod';
import { Field, InputType, Int } from 'type-graphql';
import { JSONScalar, ValidateWith, countrySchema, currencySchema, metadataSchema, type Metadata } from '@svc/kit';

/** a non-negative decimal amount in major units, at most 4 decimals */
const amount = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, 'amounts are decimal strings in major units, e.g. "4.95"');

export const shippingOptionSchema = z.strictObject({
  name: z.string().min(1).max(200),
  region_id: z.string().min(1).max(40),
  price_type: z.enum(['flat', 'calculated']).default('flat'),
  amount,
  per_item: amount.nullish(),
  free_above: amount.nullish(),
  type_label: z.string().min(1).max(200).nullish(),
  type_description: z.string().max(500).nullish(),
  type_code: z.string().min(1).max(100).nullish(),
  enabled: z.boolean().nullish(),
  metadata: metadataSchema.nullish(),
});
export type ShippingOptionData = z.infer<typeof shippingOptionSchema>;

@InputType('ShippingOptionInput', { description: 'A shipping option to create or replace (every field is set: absent optional ones take their defaults)' })
@ValidateWith(shippingOptionSchema)
export class ShippingOptionInput {
  @Field({ description: 'The name to show, 1 to 200 characters' }) name!: string;
  @Field({ description: 'The region it ships in (reg_…); it must exist' }) region_id!: string;
  @Field(() => String, { nullable: true, description: 'flat (default) or calculated' }) price_type?: 'flat' | 'calculated';
  @Field({ description: 'decimal string in major units' }) amount!: string;
  @Field(() => String, { nullable: true, description: 'calculated: added per unit in the cart' }) per_item?: string | null;
  @Field(() => String, { nullable: true, description: 'calculated: free from this item subtotal' }) free_above?: string | null;
  @Field(() => String, { nullable: true, description: "The type's name to show (Standard by default)" }) type_label?: string | null;
  @Field(() => String, { nullable: true, description: 'A longer text for the type, e.g. delivery times' }) type_description?: string | null;
  @Field(() => String, { nullable: true, description: "The type's machine name (standard by default)" }) type_code?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Offered at checkout (true by default)' }) enabled?: boolean | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data' }) metadata?: Metadata | null;
}

export const taxRateSchema = z.strictObject({
  region_id: z.string().min(1).max(40),
  country_code: countrySchema.nullish(),
  province: z.string().min(1).max(100).nullish(),
  name: z.string().min(1).max(200),
  code: z.string().min(1).max(50),
  rate: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, 'rate is a percentage as a decimal string, e.g. "19" or "8.875"')
    .refine((r) => Number(r) <= 100, 'rate is at most 100'),
});
export type TaxRateData = z.infer<typeof taxRateSchema>;

@InputType('TaxRateInput', { description: 'A tax rate to create or replace' })
@ValidateWith(taxRateSchema)
export class TaxRateInput {
  @Field({ description: 'The region it applies in (reg_…); it must exist' }) region_id!: string;
  @Field(() => String, { nullable: true, description: 'none: the region default' }) country_code?: string | null;
  @Field(() => String, { nullable: true, description: 'Only this province or state of the country (matched case-insensitively)' }) province?: string | null;
  @Field({ description: 'The name shown on tax lines (VAT)' }) name!: string;
  @Field({ description: 'A short code kept on tax lines' }) code!: string;
  @Field({ description: 'percent as a decimal string' }) rate!: string;
}

export const promotionSchema = z
  .strictObject({
    code: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, 'codes are letters, digits, dashes and underscores'),
    is_automatic: z.boolean().nullish(),
    type: z.enum(['percentage', 'fixed']),
    value: amount,
    currency_code: currencySchema.nullish(),
    target_type: z.enum(['items', 'shipping_methods', 'order']).nullish(),
    allocation: z.enum(['across', 'each']).nullish(),
    starts_at: z.iso.datetime({ offset: true }).nullish(),
    ends_at: z.iso.datetime({ offset: true }).nullish(),
    usage_limit: z.number().int().min(1).nullish(),
    min_subtotal: amount.nullish(),
    status: z.enum(['active', 'inactive']).nullish(),
    metadata: metadataSchema.nullish(),
  })
  .refine((p) => p.type !== 'percentage' || Number(p.value) <= 100, { message: 'a percentage is at most 100', path: ['value'] })
  .refine((p) => p.type !== 'fixed' || !!p.currency_code, { message: 'a fixed promotion needs currency_code', path: ['currency_code'] });
export type PromotionData = z.infer<typeof promotionSchema>;

@InputType('PromotionInput', { description: 'A promotion to create or replace (every field is set: absent optional ones take their defaults)' })
@ValidateWith(promotionSchema)
export class PromotionInput {
  @Field({ description: 'Letters, digits, dashes and underscores; stored upper-case, unique in the store (409 duplicate)' }) code!: string;
  @Field(() => Boolean, { nullable: true, description: 'Applies without a code (false by default)' }) is_automatic?: boolean | null;
  @Field({ description: 'percentage or fixed' }) type!: 'percentage' | 'fixed';
  @Field({ description: 'percent, or a decimal amount in major units' }) value!: string;
  @Field(() => String, { nullable: true, description: 'ISO 4217, lower-case; required for a fixed promotion' }) currency_code?: string | null;
  @Field(() => String, { nullable: true, description: 'items (default), shipping_methods or order' }) target_type?:
    'items' | 'shipping_methods' | 'order' | null;
  @Field(() => String, { nullable: true, description: 'across (default) or each' }) allocation?: 'across' | 'each' | null;
  @Field(() => String, { nullable: true, description: 'From when it applies (ISO 8601 with offset); absent: at once' }) starts_at?: string | null;
  @Field(() => String, { nullable: true, description: 'Until when it applies (ISO 8601 with offset); absent: no end' }) ends_at?: string | null;
  @Field(() => Int, { nullable: true, description: 'How many orders may use it (at least 1); absent: no limit' }) usage_limit?: number | null;
  @Field(() => String, { nullable: true, description: 'The items subtotal a cart needs (decimal string in major units)' }) min_subtotal?: string | null;
  @Field(() => String, { nullable: true, description: 'active (default) or inactive' }) status?: 'active' | 'inactive' | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Free key-value data' }) metadata?: Metadata | null;
}

export const providerSettingSchema = z.strictObject({
  provider_id: z.enum(['pp_system_default', 'pp_bank-transfer_default', 'pp_stripe_stripe', 'pp_paypal_paypal']),
  enabled: z.boolean(),
  region_ids: z.array(z.string().min(1).max(40)).max(100).nullish(),
  /** Stripe: api_key, base_url; PayPal: client_id, client_secret, base_url; bank transfer: account_holder, iban, bic, bank_name, instructions */
  settings: z.record(z.string().max(40), z.union([z.string().max(2000), z.number(), z.boolean()])).nullish(),
});
export type ProviderSettingData = z.infer<typeof providerSettingSchema>;

@InputType('PaymentProviderSettingInput', { description: "A payment provider's configuration for the store" })
@ValidateWith(providerSettingSchema)
export class PaymentProviderSettingInput {
  @Field({ description: 'pp_system_default, pp_bank-transfer_default, pp_stripe_stripe or pp_paypal_paypal' }) provider_id!: string;
  @Field({ description: 'Offered at checkout' }) enabled!: boolean;
  @Field(() => [String], { nullable: true, description: 'regions it is offered in; none: all' }) region_ids?: string[] | null;
  @Field(() => JSONScalar, { nullable: true, description: 'provider settings (credentials are never shown again)' }) settings?: Record<string, unknown> | null;
}

export const commerceSettingsSchema = z.strictObject({
  cancellation_window_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .nullish(),
  checkout_fields: z
    .partialRecord(z.enum(['email', 'phone', 'company', 'billing_address', 'address_2', 'province']), z.enum(['required', 'optional', 'hidden']))
    .nullish(),
});
export type CommerceSettingsData = z.infer<typeof commerceSettingsSchema>;

@InputType('CommerceSettingsInput', { description: 'Changes to the checkout settings: absent fields stay' })
@ValidateWith(commerceSettingsSchema)
export class CommerceSettingsInput {
  @Field(() => Int, { nullable: true, description: 'Hours after placing it an unfulfilled order may be canceled (0 to 8760)' }) cancellation_window_hours?:
    number | null;
  @Field(() => JSONScalar, {
    nullable: true,
    description: 'Per field (email, phone, company, billing_address, address_2, province): required, optional or hidden; merged into the stored ones',
  })
  checkout_fields?: Record<string, 'required' | 'optional' | 'hidden'> | null;
}

import { z } from 'zod';
import { Field, InputType, Int } from 'type-graphql';
import { JSONScalar, ValidateWith, currencySchema, metadataSchema, postalAddressFields, type Metadata } from '@svc/kit';

export const addressSchema = z.strictObject(postalAddressFields);
export type AddressInputData = z.infer<typeof addressSchema>;

@InputType('CartAddressInput')
@ValidateWith(addressSchema)
class CartAddressInput {
  @Field(() => String, { nullable: true }) first_name?: string | null;
  @Field(() => String, { nullable: true }) last_name?: string | null;
  @Field(() => String, { nullable: true }) company?: string | null;
  @Field(() => String, { nullable: true }) address_1?: string | null;
  @Field(() => String, { nullable: true }) address_2?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) country_code?: string | null;
  @Field(() => String, { nullable: true }) province?: string | null;
  @Field(() => String, { nullable: true }) postal_code?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

const quantity = z
  .number({ message: 'quantity must be a number' })
  .int('quantity must be an integer')
  .min(1, 'quantity must be at least 1')
  .max(10_000, 'quantity must be at most 10000');
const id = z.string().min(1).max(200);
const email = z.string().max(320).email('email must be a valid email address');
const promoCodes = z.array(z.string().min(1).max(100)).max(20);

export const lineItemSchema = z.strictObject({ variant_id: id, quantity, metadata: metadataSchema.nullish() });
export type LineItemData = z.infer<typeof lineItemSchema>;

@InputType('CartLineItemInput')
@ValidateWith(lineItemSchema)
export class CartLineItemInput {
  @Field() variant_id!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

export const createCartSchema = z.strictObject({
  region_id: id.nullish(),
  currency_code: currencySchema.nullish(),
  email: email.nullish(),
  items: z.array(lineItemSchema).max(100).nullish(),
  shipping_address: addressSchema.nullish(),
  billing_address: addressSchema.nullish(),
  sales_channel_id: id.nullish(),
  promo_codes: promoCodes.nullish(),
  metadata: metadataSchema.nullish(),
  locale: z.string().max(20).nullish(),
});
export type CreateCartData = z.infer<typeof createCartSchema>;

@InputType('CreateCartInput')
@ValidateWith(createCartSchema)
export class CreateCartInput {
  @Field(() => String, { nullable: true }) region_id?: string | null;
  @Field(() => String, { nullable: true }) currency_code?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => [CartLineItemInput], { nullable: true }) items?: CartLineItemInput[] | null;
  @Field(() => CartAddressInput, { nullable: true }) shipping_address?: CartAddressInput | null;
  @Field(() => CartAddressInput, { nullable: true }) billing_address?: CartAddressInput | null;
  @Field(() => String, { nullable: true }) sales_channel_id?: string | null;
  @Field(() => [String], { nullable: true }) promo_codes?: string[] | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
  @Field(() => String, { nullable: true }) locale?: string | null;
}

export const updateCartSchema = createCartSchema.omit({ items: true, currency_code: true });
export type UpdateCartData = z.infer<typeof updateCartSchema>;

@InputType('UpdateCartInput')
@ValidateWith(updateCartSchema)
export class UpdateCartInput {
  @Field(() => String, { nullable: true }) region_id?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => CartAddressInput, { nullable: true }) shipping_address?: CartAddressInput | null;
  @Field(() => CartAddressInput, { nullable: true }) billing_address?: CartAddressInput | null;
  @Field(() => String, { nullable: true }) sales_channel_id?: string | null;
  @Field(() => [String], { nullable: true }) promo_codes?: string[] | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
  @Field(() => String, { nullable: true }) locale?: string | null;
}

export const updateLineItemSchema = z.strictObject({
  quantity: z.number({ message: 'quantity must be a number' }).int('quantity must be an integer').min(0).max(10_000),
  metadata: metadataSchema.nullish(),
});
export type UpdateLineItemData = z.infer<typeof updateLineItemSchema>;

@InputType('UpdateCartLineItemInput')
@ValidateWith(updateLineItemSchema)
export class UpdateCartLineItemInput {
  @Field(() => Int, { description: '0 removes the line' }) quantity!: number;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

export const shippingMethodSchema = z.strictObject({ option_id: id, data: metadataSchema.nullish() });
export type ShippingMethodData = z.infer<typeof shippingMethodSchema>;

@InputType('CartShippingMethodInput')
@ValidateWith(shippingMethodSchema)
export class CartShippingMethodInput {
  @Field() option_id!: string;
  @Field(() => JSONScalar, { nullable: true }) data?: Metadata | null;
}

export const promoCodesSchema = z.strictObject({ promo_codes: promoCodes });

@InputType('CartPromotionsInput')
@ValidateWith(promoCodesSchema)
export class CartPromotionsInput {
  @Field(() => [String]) promo_codes!: string[];
}

export const paymentSessionSchema = z.strictObject({
  provider_id: z.string().min(1).max(100),
  data: metadataSchema.nullish(),
  context: metadataSchema.nullish(),
});
export type PaymentSessionData = z.infer<typeof paymentSessionSchema>;

@InputType('PaymentSessionInput')
@ValidateWith(paymentSessionSchema)
export class PaymentSessionInput {
  @Field() provider_id!: string;
  @Field(() => JSONScalar, { nullable: true }) data?: Metadata | null;
  @Field(() => JSONScalar, { nullable: true }) context?: Metadata | null;
}

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

/** A ticket's attendee, kept in the line's `metadata.attendees` (one per ticket). */
export const attendeeSchema = z.strictObject({
  first_name: z.string().trim().min(1, 'first_name is required').max(100),
  last_name: z.string().trim().min(1, 'last_name is required').max(100),
  email: z.string().max(320).email('email must be a valid email address').nullish(),
});

/** A traveller on a tour departure, kept in the line's `metadata.travellers` (one per seat). */
export const travellerSchema = z.strictObject({
  first_name: z.string().trim().min(1, 'first_name is required').max(100),
  last_name: z.string().trim().min(1, 'last_name is required').max(100),
  age: z.number().int('age must be an integer').min(0).max(120).nullish(),
});

export const eventItemSchema = z.strictObject({
  ticket_id: id,
  quantity: quantity.max(100, 'quantity must be at most 100'),
  attendees: z.array(attendeeSchema).max(100).nullish(),
  metadata: metadataSchema.nullish(),
});
export type EventItemData = z.infer<typeof eventItemSchema>;

@InputType('CartEventAttendeeInput')
class CartEventAttendeeInput {
  @Field() first_name!: string;
  @Field() last_name!: string;
  @Field(() => String, { nullable: true }) email?: string | null;
}

@InputType('CartEventItemInput', { description: 'tickets of one ticket type; attendees: one per ticket, when the event asks for names' })
@ValidateWith(eventItemSchema)
export class CartEventItemInput {
  @Field() ticket_id!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => [CartEventAttendeeInput], { nullable: true }) attendees?: CartEventAttendeeInput[] | null;
  @Field(() => JSONScalar, { nullable: true }) metadata?: Metadata | null;
}

export const tourItemSchema = z.strictObject({
  departure_id: id,
  quantity: quantity.max(100, 'quantity must be at most 100'),
  travellers: z.array(travellerSchema).max(100).nullish(),
  metadata: metadataSchema.nullish(),
});
export type TourItemData = z.infer<typeof tourItemSchema>;

@InputType('CartTourTravellerInput')
class CartTourTravellerInput {
  @Field() first_name!: string;
  @Field() last_name!: string;
  @Field(() => Int, { nullable: true }) age?: number | null;
}

@InputType('CartTourItemInput', { description: 'seats on one departure; travellers: one per seat (names and ages), when the tour asks for them' })
@ValidateWith(tourItemSchema)
export class CartTourItemInput {
  @Field() departure_id!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => [CartTourTravellerInput], { nullable: true }) travellers?: CartTourTravellerInput[] | null;
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

import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { PaginatedList } from '@svc/kit';
import type {
  IsgConfigView,
  QuoteFieldView,
  QuoteLocationView,
  QuoteProductLineView,
  QuoteServiceLineView,
  QuoteServiceView,
  QuoteSettingsView,
  QuoteView,
} from '../services/views';

const S = { simpleResolvers: true };

@ObjectType('QuoteFormField', S)
class QuoteFormFieldType {
  @Field() key!: string;
  @Field() label!: string;
  @Field({ description: 'text, number, select, date or boolean' }) type!: 'text' | 'number' | 'select' | 'date' | 'boolean';
  @Field() required!: boolean;
  @Field(() => [String], { description: 'The choices of a select field' }) options!: string[];
}

/** A quotable service (the storefront's dropdown): an entity, so other subgraphs can reference it. */
@ObjectType('QuoteService', S)
@Directive('@key(fields: "id")')
export class QuoteServiceType implements QuoteServiceView {
  @Field(() => ID) id!: string;
  @Field() handle!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field({ description: 'What a quantity counts: hour, day, visit…' }) unit!: string;
  @Field(() => Float, { description: "Price per unit in the settings' currency, before the location modifier" }) base_rate!: number;
  @Field() active!: boolean;
}

@ObjectType('QuoteLocation', S)
export class QuoteLocationType implements QuoteLocationView {
  @Field(() => ID) id!: string;
  @Field() handle!: string;
  @Field() name!: string;
  @Field(() => Float, { description: 'Multiplies the base rates there (1.15 = +15 %)' }) modifier!: number;
}

@ObjectType('QuoteSettings', S)
export class QuoteSettingsType implements QuoteSettingsView {
  @Field() currency_code!: string;
  @Field(() => Int) validity_days!: number;
  @Field(() => String, { nullable: true }) notification_email!: string | null;
  @Field(() => [QuoteFormFieldType]) form_fields!: QuoteFormFieldType[];
}

@ObjectType('IsgConfig', S)
export class IsgConfigType implements IsgConfigView {
  @Field({ description: 'Currency of the rates and the estimates' }) currency_code!: string;
  @Field(() => Int, { description: 'Days a quote is valid' }) validity_days!: number;
  @Field(() => [QuoteServiceType]) services!: QuoteServiceType[];
  @Field(() => [QuoteLocationType]) locations!: QuoteLocationType[];
  @Field(() => [QuoteFormFieldType], { description: "The quote form's custom fields" }) form_fields!: QuoteFormFieldType[];
}

@ObjectType('QuoteProductLine', S)
class QuoteProductLineType implements QuoteProductLineView {
  @Field() variant_id!: string;
  @Field() title!: string;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field(() => Int) quantity!: number;
  @Field(() => Float) unit_price!: number;
  @Field(() => Float) total!: number;
}

@ObjectType('QuoteServiceLine', S)
class QuoteServiceLineType implements QuoteServiceLineView {
  @Field() service_id!: string;
  @Field() name!: string;
  @Field() unit!: string;
  @Field() location_id!: string;
  @Field() location_name!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => Float) base_rate!: number;
  @Field(() => Float) modifier!: number;
  @Field(() => Float, { description: 'base_rate × modifier, to the cent' }) unit_price!: number;
  @Field(() => Float) total!: number;
}

@ObjectType('QuoteField', S)
class QuoteFieldType implements QuoteFieldView {
  @Field() key!: string;
  @Field() label!: string;
  @Field() type!: string;
  @Field({ description: 'The answer as text' }) value!: string;
}

/** A quote request. */
@ObjectType('Quote', S)
export class QuoteType implements QuoteView {
  @Field(() => ID) id!: string;
  @Field({ description: 'Q-<year>-<6 digits>, sequential per store and year' }) number!: string;
  @Field({ description: 'new, sent, accepted, declined or expired' }) status!: string;
  @Field() name!: string;
  @Field() email!: string;
  @Field(() => String, { nullable: true }) company!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => String, { nullable: true }) customer_id!: string | null;
  @Field() locale!: string;
  @Field() currency_code!: string;
  @Field(() => [QuoteProductLineType]) products!: QuoteProductLineType[];
  @Field(() => [QuoteServiceLineType]) services!: QuoteServiceLineType[];
  @Field(() => [QuoteFieldType]) fields!: QuoteFieldType[];
  @Field(() => Float, { description: 'Sum of the lines' }) estimate!: number;
  @Field({ description: 'Last day the quote is valid, YYYY-MM-DD' }) valid_until!: string;
  @Field(() => String, { nullable: true, description: 'The cart an accepted quote became' }) cart_id!: string | null;
  @Field() created_at!: string;
  @Field() updated_at!: string;
}

@ObjectType('QuoteSubmission', S)
export class QuoteSubmissionType {
  @Field(() => QuoteType) quote!: QuoteType;
  @Field({ description: 'The PDF, with an access token' }) pdf_url!: string;
}

@ObjectType('QuotePdf', S)
export class QuotePdfType {
  @Field({ description: 'The PDF, base64' }) content_base64!: string;
}

@ObjectType('QuoteList', S)
export class QuoteListType extends PaginatedList(QuoteType) {}

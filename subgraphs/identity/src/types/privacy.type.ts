import { Field, ID, ObjectType } from 'type-graphql';
import { JSONScalar } from '@svc/kit';
import type { PrivacyRequestView } from '../services/privacy.service';

@ObjectType('PrivacyRequest', {
  simpleResolvers: true,
  description: "A customer's request for an export of their data or its erasure, and afterwards its audit record (never the data itself)",
})
export class PrivacyRequestType implements PrivacyRequestView {
  @Field(() => ID, { description: 'The request id (privreq_…)' }) id!: string;
  @Field({ description: 'The customer the request is about' }) customer_id!: string;
  @Field({ description: '`export` or `erasure`' }) kind!: 'export' | 'erasure';
  @Field({ description: '`pending` until every domain has answered, then `completed`' }) status!: string;
  @Field({ description: '`customer` (the customer themself) or `admin` (on their behalf)' }) requested_by!: string;
  @Field(() => JSONScalar, { nullable: true, description: 'per domain: records exported, or rows changed per table' }) results!: Record<
    string,
    Record<string, number>
  > | null;
  @Field({ description: 'When the request was made (ISO 8601, UTC)' }) created_at!: string;
  @Field(() => String, { nullable: true, description: 'When every domain had answered (ISO 8601, UTC); null while pending' }) completed_at!: string | null;
}

@ObjectType('PrivacySettings', { simpleResolvers: true, description: "A store's privacy policy" })
export class PrivacySettingsType {
  @Field({ description: 'what an erasure does to the customer’s reviews and comments: `anonymise` (kept as "anonymous") or `remove`' })
  review_policy!: string;
}

@ObjectType('DataExport', { simpleResolvers: true, description: 'A customer’s data export, behind its mailed link' })
export class DataExportType {
  @Field(() => JSONScalar, { description: 'every domain’s records of the customer, by domain' }) export!: Record<string, unknown>;
}

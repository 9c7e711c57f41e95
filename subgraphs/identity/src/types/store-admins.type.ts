import { Field, ID, ObjectType } from 'type-graphql';
import type { AdminStoreView, StoreAdminView } from '../services/store-admins.service';

@ObjectType('AdminStore', { simpleResolvers: true, description: 'A store the signed-in admin may open (switchAdminStore)' })
export class AdminStoreType implements AdminStoreView {
  @Field(() => ID, { description: "The store's id (its tenant id)" }) id!: string;
  @Field({ description: "The store's name" }) name!: string;
  @Field({ description: "The store's handle" }) handle!: string;
  @Field({ description: 'The store the admin account was created in (it cannot be left)' }) home!: boolean;
  @Field({ description: 'The store the current session is for' }) current!: boolean;
}

@ObjectType('StoreAdmin', { simpleResolvers: true, description: 'An admin of the signed-in store' })
export class StoreAdminType implements StoreAdminView {
  @Field(() => ID, { description: "The admin's id (user_…)" }) id!: string;
  @Field({ description: "The admin's email, with which they sign in" }) email!: string;
  @Field(() => String, { nullable: true, description: "The admin's first name, when known" }) first_name!: string | null;
  @Field(() => String, { nullable: true, description: "The admin's last name, when known" }) last_name!: string | null;
  @Field({ description: 'Created in this store (keeps access to it); false: added from another store, removable' }) home!: boolean;
  @Field({ description: 'When the admin got access to this store (ISO 8601, UTC)' }) added_at!: string;
}

import { z } from 'zod';
import { Field, InputType, Int } from 'type-graphql';
import { ValidateWith } from '@svc/kit';

const inventoryLineSchema = z.strictObject({
  variant_id: z.string().min(1).max(200),
  quantity: z.number().int().min(1).max(1_000_000),
});

@InputType('InventoryLineInput', { description: 'Units of one variant' })
@ValidateWith(inventoryLineSchema)
export class InventoryLineInput {
  @Field({ description: 'The variant id' }) variant_id!: string;
  @Field(() => Int, { description: 'Units (positive)' }) quantity!: number;
}

/** Every key of a Medusa v2 address (a cart's, an order's, a customer's besides its name and default flags). */
export const MEDUSA_ADDRESS_KEYS = [
  'id',
  'customer_id',
  'company',
  'first_name',
  'last_name',
  'address_1',
  'address_2',
  'city',
  'country_code',
  'province',
  'postal_code',
  'phone',
  'metadata',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

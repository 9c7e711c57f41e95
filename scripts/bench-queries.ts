/** The GraphQL queries of `npm run bench` (shared by the orchestrator and the platform child's cost probe). */
export const STOREFRONT_FIELDS = `id title handle thumbnail
  variants { id title sku inventory_quantity calculated_price { calculated_amount original_amount currency_code } options { value } }
  options { title values { value } }
  images { url }`;

export const listQuery = (sel: string) => `query BenchList($region: String) { products(limit: 20, region_id: $region) { count items { ${sel} } } }`;
export const detailQuery = (sel: string) => `query BenchDetail($id: String!, $region: String) { product(id: $id, region_id: $region) { ${sel} } }`;

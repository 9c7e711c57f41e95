query Store{{Name}}Items($limit: Int, $offset: Int, $order: String, $q: String, $id: [String!], $handle: [String!]) {
  {{camel}}Items(limit: $limit, offset: $offset, order: $order, q: $q, id: $id, handle: $handle) {
    count
    offset
    limit
    items { ...{{Name}}ItemFields }
  }
}

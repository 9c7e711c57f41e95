query Store{{Name}}Item($id: String!) {
  {{camel}}Item(id: $id) { ...{{Name}}ItemFields }
}

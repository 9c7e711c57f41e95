# Fragments shared by this domain's operations; each operation document gets the ones it uses.
fragment {{Name}}ItemFields on {{Name}}Item { id title handle description metadata created_at updated_at }

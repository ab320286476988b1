// The product's name, spelled once for code. Visible text reads it from i18n (`app.name`), whose
// English value must match (checked by a test); index.html carries it as the title before start-up.
export const productName = 'Compass';

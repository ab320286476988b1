import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/basket/en.json';

// The basket's texts (its page, the offers and the toasts), loaded with them rather than at
// start-up (the login page's budget, issue 3); the header's basket link is the app's, in
// locales/en.json. Imported for its effect.
addTranslations('en', texts);

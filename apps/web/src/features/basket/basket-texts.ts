import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/basket/en.json';

// The basket's texts (its page, the header's basket link, the offers and the toasts), loaded with
// the app shell rather than at start-up (the login page's budget, issue 3). Imported for its effect.
addTranslations('en', texts);

import texts from '../locales/basket/en.json';
import { addTranslations } from './i18n.ts';

// The basket's texts (the page, the header's basket link and the toasts), loaded with the app
// shell rather than at start-up (the login page's budget, issue 3). Imported for its effect.
addTranslations('en', texts);

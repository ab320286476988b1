import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/checkout/en.json';

// The checkout and order pages' texts, added when one of their pages loads (imported for this side effect).
addTranslations('en', texts);

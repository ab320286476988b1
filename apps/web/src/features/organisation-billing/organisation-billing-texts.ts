import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/organisation-billing/en.json';

// The organisation billing texts (activation, the Billing page of an organisation), added when
// one of its pages loads (imported for this side effect).
addTranslations('en', texts);

import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/settings/en.json';

// The account settings pages' texts (profile, password, the password confirmation, billing
// details), loaded with them rather than at start-up (every page's first load); their titles stay
// in locales/en.json, which the route table and the breadcrumbs read. Imported for its effect.
addTranslations('en', texts);

import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/birth-details/en.json';

// The birth details page's texts, loaded with it rather than at start-up (every page's first
// load); its title stays in locales/en.json, which the route table reads. Imported for its effect.
addTranslations('en', texts);

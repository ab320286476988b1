import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/reports/en.json';

// The reports pages' texts, added when they load (imported for this side effect), not at start-up.
addTranslations('en', texts);

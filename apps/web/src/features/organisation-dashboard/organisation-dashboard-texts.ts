import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/organisation-dashboard/en.json';

// The organisation dashboard's texts, added when it loads (imported for this side effect).
addTranslations('en', texts);

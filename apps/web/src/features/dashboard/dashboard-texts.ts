import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/dashboard/en.json';

// The dashboard's texts, added when its page loads (imported for this side effect), not at start-up.
addTranslations('en', texts);

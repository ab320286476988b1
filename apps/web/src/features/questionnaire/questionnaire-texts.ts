import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/questionnaire/en.json';

// The overlay's texts, added when its code loads (imported for this side effect), not at start-up.
addTranslations('en', texts);

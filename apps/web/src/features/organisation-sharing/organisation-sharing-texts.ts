import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/organisation-sharing/en.json';

// Sharing's texts, added when one of its pages loads (imported for this side effect).
addTranslations('en', texts);

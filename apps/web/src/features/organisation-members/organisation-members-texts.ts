import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/organisation-members/en.json';

// The members and invitation pages' texts, added when one of them loads (imported for this side effect).
addTranslations('en', texts);

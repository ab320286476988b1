import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/team-insights/en.json';

// The team insights and consent pages' texts, added when one of them loads (imported for this side effect).
addTranslations('en', texts);

import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/card-entry/en.json';

// The card form's texts, added when a page that takes a card loads (imported for this side effect).
addTranslations('en', texts);

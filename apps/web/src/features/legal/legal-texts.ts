import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/legal/en.json';

// The legal documents' texts load with their pages (imported for this side effect), never at
// start-up: they are long, and the login page has a 150 KB budget.
addTranslations('en', texts);

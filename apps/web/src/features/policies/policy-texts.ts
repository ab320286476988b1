import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/policies/en.json';

// Loaded with the app shell, not at start-up (the login page's budget).
addTranslations('en', texts);

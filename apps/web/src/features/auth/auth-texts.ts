import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/auth/en.json';

// The texts of sign-up, password recovery and e-mail verification, added when one of their pages
// loads (imported for this side effect): they stay out of the login page's first download.
addTranslations('en', texts);

import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/organisations/en.json';

// The organisation wizard's texts, added when its page loads (imported for this side effect).
addTranslations('en', texts);

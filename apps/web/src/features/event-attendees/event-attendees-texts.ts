import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/event-attendees/en.json';

// The attendees' texts, added when one of their pages loads (imported for this side effect).
addTranslations('en', texts);

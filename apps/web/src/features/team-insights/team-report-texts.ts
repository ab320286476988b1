import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/team-report/en.json';

// The team report section's texts (issue 13), added when the Team insights page loads (imported for this side effect).
addTranslations('en', texts);

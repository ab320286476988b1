import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/portfolio/en.json';

// The portfolio's texts, added when one of its pages loads (imported for this side effect).
addTranslations('en', texts);

import { addTranslations } from '@/lib/i18n';
import texts from '@/locales/payments/en.json';

// The payments page's texts, added when it loads (imported for this side effect).
addTranslations('en', texts);

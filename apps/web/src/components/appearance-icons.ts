import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import type { Appearance } from '@/lib/appearance';

export const appearanceIcons: Record<Appearance, LucideIcon> = { light: Sun, dark: Moon, system: Monitor };

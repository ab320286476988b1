import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import './card-entry-texts';

// DESIGN.md section 5: with the test provider the UI says clearly that no real payment is made,
// and lists Stripe's public test cards with the outcome each one gives.

export const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'success' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
  { number: '4000 0025 0000 3155', outcome: 'requiresAction' },
] as const;

/** The "Test mode" pill. */
export function TestModeBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border border-amber-500/40 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/15 dark:text-amber-200',
        className,
      )}
    >
      <FlaskConical aria-hidden="true" className="size-3.5" />
      {t('cardEntry.testMode.badge')}
    </span>
  );
}

export interface TestModeNoticeProps {
  /** Fills the card number with the chosen test card; without it the numbers are plain text. */
  onPick?: (number: string) => void;
  className?: string;
}

/** The badge with the test cards as help under it. */
export function TestModeNotice({ onPick, className }: TestModeNoticeProps) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="test-mode-title"
      className={cn('rounded-lg border border-amber-500/30 bg-amber-50 p-3 text-sm dark:border-amber-400/20 dark:bg-amber-400/5', className)}
    >
      <div className="flex flex-wrap items-center gap-2">
        <TestModeBadge />
        <h3 id="test-mode-title" className="font-medium text-foreground">
          {t('cardEntry.testMode.title')}
        </h3>
      </div>
      <p className="mt-1.5 text-muted-foreground">{t('cardEntry.testMode.description')}</p>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {testCards.map((card) => (
          <li key={card.number} className="flex min-w-0 flex-col rounded-md bg-background/70 px-2 py-1.5 dark:bg-background/40">
            {onPick ? (
              <button
                type="button"
                className="cursor-pointer self-start rounded-sm font-mono text-xs font-medium text-foreground underline-offset-2 hover:underline"
                aria-label={t('cardEntry.testMode.copy', { number: card.number })}
                onClick={() => onPick(card.number)}
              >
                {card.number}
              </button>
            ) : (
              <span className="font-mono text-xs font-medium text-foreground">{card.number}</span>
            )}
            <span className="text-xs text-muted-foreground">{t(`cardEntry.testMode.outcomes.${card.outcome}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

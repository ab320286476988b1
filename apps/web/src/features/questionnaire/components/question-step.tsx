import type { QuestionResponse } from '@app/contract/questionnaire';
import { ArrowLeft, ArrowRight, CircleAlert } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

export interface QuestionStepProps {
  response: QuestionResponse;
  selectedChoiceId: string | null;
  error: string | null;
  /** What the overlay is waiting for (spec 4: both buttons disabled meanwhile), or null. */
  busyLabel: string | null;
  /** Moves the keyboard focus to the answers whenever it changes. */
  focusRequest: number;
  onSelect: (choiceId: string) => void;
  onSubmit: () => void;
  onBack: () => void;
}

/**
 * One question (spec 2): its title, optional description and the answers as a radio group, the
 * inline error line, and Back and Next. Native radios: the arrow keys move between the answers and
 * choose, as in any radio group; Enter on the answers submits (also with nothing chosen, which
 * shows 'Please select an answer.').
 */
export function QuestionStep({ response, selectedChoiceId, error, busyLabel, focusRequest, onSelect, onSubmit, onBack }: QuestionStepProps) {
  const { t } = useTranslation();
  const { question } = response;
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const descriptionId = `${baseId}-description`;
  const errorId = `${baseId}-error`;
  const groupRef = useRef<HTMLDivElement>(null);

  // A layout effect: the focus must be on the new answers before the browser (or the dialog's
  // focus trap) reacts to the old ones leaving.
  useLayoutEffect(() => {
    const group = groupRef.current;
    if (group === null) return;
    const target = group.querySelector<HTMLInputElement>('input:checked') ?? group.querySelector<HTMLInputElement>('input');
    target?.focus({ preventScroll: true });
  }, [focusRequest]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // A disabled Next would swallow the form's implicit submission; the spec wants the message.
    event.preventDefault();
    onSubmit();
  };

  const describedBy = [question.description ? descriptionId : null, error ? errorId : null].filter((id) => id !== null).join(' ');

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={busyLabel !== null} className="flex flex-col gap-6">
      <div className="space-y-2">
        <h2 id={titleId} className="text-xl leading-snug font-semibold tracking-tight text-balance sm:text-2xl">
          {question.question}
        </h2>
        {question.description && (
          <p id={descriptionId} className="text-sm text-muted-foreground sm:text-base">
            {question.description}
          </p>
        )}
      </div>

      <div
        ref={groupRef}
        role="radiogroup"
        aria-labelledby={titleId}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        aria-required="true"
        onKeyDown={handleKeyDown}
        className="grid gap-2.5"
      >
        {question.choices.map((choice, index) => {
          const inputId = `${baseId}-choice-${choice.id}`;
          // One tab stop for the group (the chosen answer, else the first), as in the ARIA radio
          // pattern: Tab goes on to Back, whatever the browser does with a group that has no
          // checked radio yet.
          const tabStop = selectedChoiceId === null ? index === 0 : selectedChoiceId === choice.id;
          return (
            <label
              key={choice.id}
              htmlFor={inputId}
              className={cn(
                'group flex cursor-pointer items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm transition-colors select-none sm:text-base',
                'hover:border-primary/60 hover:bg-accent/60',
                'has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
              )}
            >
              <input
                id={inputId}
                type="radio"
                // One group per question: two questions' radios must never count as one group
                // while one replaces the other (the browser keeps one checked radio per group).
                name={`${baseId}-answer-${question.id}`}
                value={choice.id}
                checked={selectedChoiceId === choice.id}
                tabIndex={tabStop ? 0 : -1}
                onChange={() => onSelect(choice.id)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-input bg-background transition-colors peer-checked:border-primary"
              >
                <span className="size-2.5 rounded-full bg-primary opacity-0 transition-opacity group-has-checked:opacity-100" />
              </span>
              <span className="min-w-0 font-medium">{choice.answer}</span>
            </label>
          );
        })}
      </div>

      <p className="sr-only">{t('questionnaire.keyboardHint')}</p>

      <div className="min-h-6">
        {error && (
          <p id={errorId} role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </p>
        )}
      </div>

      <div className="flex items-center justify-between gap-3 border-t pt-5">
        <Button variant="outline" onClick={onBack} disabled={busyLabel !== null || response.previous === null}>
          <ArrowLeft aria-hidden="true" />
          {t('questionnaire.back')}
        </Button>
        {busyLabel !== null && (
          <span role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            <span className="max-sm:sr-only">{busyLabel}</span>
          </span>
        )}
        <Button type="submit" disabled={busyLabel !== null || selectedChoiceId === null} className="min-w-28">
          {t('questionnaire.next')}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}

import { CircleAlert, LogOut } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppLogo } from '@/components/app-logo';
import { Button, buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { useQuestionnaire } from '../lib/use-questionnaire';
import { QuestionStep } from './question-step';
import '../questionnaire-texts';

export interface QuestionnaireOverlayProps {
  /** Open at this question instead of the first unanswered one. */
  initialQuestionId?: string | null;
  /** Called when the questions ran out; the overlay stays up (saving) until it resolves. */
  onFinished: () => Promise<void> | void;
}

/**
 * Spec section 2's questionnaire overlay: full screen over the app, one question at a time, with the
 * 'questions left' counter, a loading spinner, the inline error line, and a Cancel link to the
 * route named 'logout'. A modal dialog: nothing behind it can be reached until the questions run
 * out (Escape does not close it).
 */
export function QuestionnaireOverlay({ initialQuestionId = null, onFinished }: QuestionnaireOverlayProps) {
  const { t } = useTranslation();
  const questionnaire = useQuestionnaire({ initialQuestionId, onFinished });
  const { current, questionsLeft, loadFailed, loading, finishing } = questionnaire;
  const busyLabel = finishing ? t('questionnaire.finishing') : loading ? t('questionnaire.loading') : null;

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed inset-0 z-40 flex flex-col overflow-y-auto bg-background text-foreground outline-none"
        >
          {/* Plain boxes, not header/main: the page behind keeps the document's landmarks. */}
          <div className="sticky top-0 z-10 border-b bg-background/95 backdrop-blur">
            <div className="mx-auto flex h-16 w-full max-w-3xl items-center gap-3 px-4 sm:px-6">
              <AppLogo showName={false} />
              <div className="min-w-0 flex-1">
                {/* The overlay's own page title (h1); each question is an h2 below it. */}
                <Dialog.Title asChild>
                  <h1 className="truncate text-base leading-tight font-semibold">{t('questionnaire.title')}</h1>
                </Dialog.Title>
                {questionsLeft !== null && current !== null && (
                  <p className="text-sm text-muted-foreground tabular-nums">{t('questionnaire.questionsLeft', { count: questionsLeft })}</p>
                )}
              </div>
              <Link
                to={routePath('logout')}
                title={t('questionnaire.cancelHint')}
                className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'text-muted-foreground' })}
              >
                <LogOut aria-hidden="true" />
                {t('questionnaire.cancel')}
              </Link>
            </div>
          </div>

          <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 py-8 sm:px-6 sm:py-12">
            <Dialog.Description className="mb-6 text-sm text-muted-foreground">{t('questionnaire.description')}</Dialog.Description>

            <div className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-8">
              {current !== null ? (
                <QuestionStep
                  // A fresh form per question: nothing of one question's inputs carries over.
                  key={current.question.id}
                  response={current}
                  selectedChoiceId={questionnaire.selectedChoiceId}
                  error={questionnaire.error}
                  busyLabel={busyLabel}
                  focusRequest={questionnaire.focusRequest}
                  onSelect={questionnaire.select}
                  onSubmit={questionnaire.submit}
                  onBack={questionnaire.back}
                />
              ) : loadFailed ? (
                <LoadFailed onRetry={questionnaire.retryLoad} />
              ) : (
                <p role="status" className="flex min-h-64 items-center justify-center gap-2 text-sm text-muted-foreground">
                  <Spinner className="size-5" />
                  {busyLabel ?? t('questionnaire.loading')}
                </p>
              )}
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** spec 8: 'Failed to load questionnaire', with a way to try again. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-4 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CircleAlert aria-hidden="true" className="size-5" />
      </span>
      <div role="alert" className="space-y-1">
        <p className="font-semibold">{t('questionnaire.loadFailed')}</p>
        <p className="text-sm text-muted-foreground">{t('questionnaire.loadFailedHint')}</p>
      </div>
      <Button variant="outline" onClick={onRetry} autoFocus>
        {t('questionnaire.retry')}
      </Button>
    </div>
  );
}

import type { QuestionResponse } from '@app/contract/questionnaire';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { t as translate } from '@/lib/i18n';
import { answerQuestion } from '../api/answer-question';
import { questionQueryOptions, useQuestion } from '../api/get-question';
import { questionnaireKeys } from '../api/questionnaire-keys';
import { QuestionnaireRequestError } from '../api/questionnaire-request-error';

export type QuestionnaireOptions = {
  /** Open at this question instead of the first unanswered one (spec 4: "or the one given by id"). */
  initialQuestionId?: string | null;
  /** The questions ran out (the server answered 204, or none is left unanswered). */
  onFinished: () => Promise<void> | void;
};

export type QuestionnaireState = {
  /** The question on screen; null before the first one has loaded. */
  current: QuestionResponse | null;
  /** 'Failed to load questionnaire': the first question could not be loaded. */
  loadFailed: boolean;
  /** The spec's 'questions left' counter. */
  questionsLeft: number | null;
  /** The chosen answer of the question on screen: the user's choice, else the stored one (answer_choice). */
  selectedChoiceId: string | null;
  /** The inline error line of the question on screen. */
  error: string | null;
  /** Waiting for the server before the next question can show (spec 4: both buttons disabled). */
  loading: boolean;
  /** The last answer is being saved and the overlay is about to close. */
  finishing: boolean;
  /** Changes whenever the answers should take the keyboard focus (a new question, an error). */
  focusRequest: number;
  select(choiceId: string): void;
  submit(): void;
  back(): void;
  retryLoad(): void;
};

function messageOf(error: unknown): string {
  // spec 8: the server's error text, or global.genericError on an exception.
  return error instanceof QuestionnaireRequestError && error.message !== '' ? error.message : translate('global.genericError');
}

/**
 * The questionnaire's rules (spec 2 and 4): one question at a time, navigation by its next and
 * previous ids, an answer moves to the next question or ends the questionnaire.
 *
 * Fast by prefetching: while a question is on screen its next and previous questions load into the
 * cache, so Next shows the next question at once while the answer is saved in the background
 * (answers are saved one after another, in order). If that save fails, the answered question comes
 * back with its choice and the server's message.
 */
export function useQuestionnaire({ initialQuestionId = null, onFinished }: QuestionnaireOptions): QuestionnaireState {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const first = useQuestion(initialQuestionId);

  const [shown, setShown] = useState<QuestionResponse | null>(null);
  const [questionsLeft, setQuestionsLeft] = useState<number | null>(null);
  const [selection, setSelection] = useState<{ questionId: string; choiceId: string } | null>(null);
  const [error, setError] = useState<{ questionId: string; message: string } | null>(null);
  const [loadingCount, setLoadingCount] = useState(0);
  const [finishing, setFinishing] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);

  const current = shown ?? first.data ?? null;
  // The id on screen, for the answers that arrive later (a ref: they must not see an old render's).
  const shownId = useRef<string | null>(null);
  useEffect(() => {
    shownId.current = current?.question.id ?? null;
  });
  // Resolves to whether the previous answer was saved: the next one waits for it.
  const saving = useRef<Promise<boolean>>(Promise.resolve(true));
  const finished = useRef(false);

  const finish = useCallback(async () => {
    if (finished.current) return;
    finished.current = true;
    setFinishing(true);
    await onFinished();
  }, [onFinished]);

  // The first question: none at all (204) means there is nothing to answer.
  useEffect(() => {
    if (first.isSuccess && first.data === null) void finish();
  }, [first.isSuccess, first.data, finish]);

  // Drop every cached question when the overlay goes, so the next opening asks the server again;
  // answers still on their way then leave the cache alone.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      queryClient.removeQueries({ queryKey: questionnaireKeys.all });
    };
  }, [queryClient]);

  // Prefetch the neighbours of the question on screen, so Next and Back need no visible wait.
  const nextId = current?.next ?? null;
  const previousId = current?.previous ?? null;
  useEffect(() => {
    if (nextId !== null) void queryClient.prefetchQuery(questionQueryOptions(nextId));
    if (previousId !== null) void queryClient.prefetchQuery(questionQueryOptions(previousId));
  }, [nextId, previousId, queryClient]);

  const show = useCallback((response: QuestionResponse) => {
    if (response.question.id !== shownId.current) {
      setError(null);
      setFocusRequest((count) => count + 1);
    }
    shownId.current = response.question.id;
    setShown(response);
  }, []);

  const fail = useCallback((questionId: string, message: string) => {
    setError({ questionId, message });
    setFocusRequest((count) => count + 1);
  }, []);

  const startLoading = () => setLoadingCount((count) => count + 1);
  const stopLoading = () => setLoadingCount((count) => count - 1);

  const loading = loadingCount > 0 || (current === null && first.isPending);
  const displayedLeft = questionsLeft ?? current?.unanswered_questions ?? null;
  const selectedChoiceId = current === null ? null : selection?.questionId === current.question.id ? selection.choiceId : current.answer_choice;

  const select = (choiceId: string) => {
    if (current === null) return;
    setSelection({ questionId: current.question.id, choiceId });
    if (error?.questionId === current.question.id) setError(null);
  };

  const back = () => {
    if (current === null || current.previous === null || loading || finishing) return;
    const previousId = current.previous;
    const cached = queryClient.getQueryData(questionQueryOptions(previousId).queryKey);
    if (cached) {
      show(cached);
      return;
    }
    const from = current.question.id;
    startLoading();
    queryClient
      .fetchQuery(questionQueryOptions(previousId))
      .then((response) => (response === null ? finish() : show(response)))
      .catch((loadError: unknown) => fail(from, messageOf(loadError)))
      .finally(stopLoading);
  };

  const submit = () => {
    if (current === null || loading || finishing) return;
    const answered = current;
    const choiceId = selectedChoiceId;
    if (choiceId === null) {
      // spec 5: Enter on the answers with none chosen (the Next button is disabled meanwhile).
      fail(answered.question.id, t('validation.selectAnswer'));
      return;
    }

    const leftBefore = displayedLeft ?? answered.unanswered_questions;
    const leftAfter = leftBefore - (answered.answer_choice === null ? 1 : 0);
    const answeredKey = questionQueryOptions(answered.question.id).queryKey;
    const withAnswer: QuestionResponse = { ...answered, answer_choice: choiceId };
    queryClient.setQueryData(answeredKey, withAnswer);

    // spec 4: the next question if there is one and unanswered questions remain; otherwise the
    // overlay closes, which waits for the server to confirm the last answer.
    const mayContinue = answered.next !== null && leftAfter > 0;
    const prefetched = mayContinue && answered.next !== null ? queryClient.getQueryData(questionQueryOptions(answered.next).queryKey) : undefined;
    // The server answers with the next unanswered question after this one: that is the prefetched
    // next question only while it is unanswered. Otherwise (a changed answer further back) the
    // server's answer decides where to go, so wait for it.
    const optimistic = prefetched && prefetched.answer_choice === null ? prefetched : null;
    if (optimistic !== null) {
      show(optimistic);
      setQuestionsLeft(leftAfter);
    } else {
      startLoading();
    }

    const undo = (message: string | null) => {
      if (!mounted.current) return;
      queryClient.setQueryData(answeredKey, answered);
      if (message === null) return;
      setQuestionsLeft(leftBefore);
      show(answered);
      setSelection({ questionId: answered.question.id, choiceId });
      fail(answered.question.id, message);
    };

    saving.current = saving.current.then(async (previousSaved) => {
      try {
        // The previous answer failed and its question is back on screen: this one was answered
        // on a question the user is no longer looking at.
        if (!previousSaved) {
          undo(null);
          return false;
        }
        let next: QuestionResponse | null;
        try {
          next = await answerQuestion({ questionId: answered.question.id, choiceId });
        } catch (saveError) {
          undo(messageOf(saveError));
          return false;
        }
        if (!mounted.current) return true;
        if (next === null || next.unanswered_questions === 0) {
          await finish();
          return true;
        }
        queryClient.setQueryData(questionQueryOptions(next.question.id).queryKey, next);
        setQuestionsLeft(next.unanswered_questions);
        // The server's answer is what comes next. With a prefetched next question the user is
        // already there: still on it, they see the server's (fresher, and normally the same) one.
        if (optimistic === null || shownId.current === optimistic.question.id) show(next);
        return true;
      } finally {
        if (optimistic === null) stopLoading();
      }
    });
  };

  const retryLoad = () => {
    void first.refetch();
  };

  return {
    current,
    loadFailed: current === null && first.isError,
    questionsLeft: displayedLeft,
    selectedChoiceId,
    error: current !== null && error?.questionId === current.question.id ? error.message : null,
    loading,
    finishing,
    focusRequest,
    select,
    submit,
    back,
    retryLoad,
  };
}

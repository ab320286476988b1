import { z } from 'zod';
import { validationMessages } from './messages.ts';

/** One answer option (spec section 3 "Choice"); lists are sorted by `order`, ascending. */
export const choice = z.object({
  id: z.string(),
  answer: z.string(),
  order: z.number().int(),
});
export type Choice = z.infer<typeof choice>;

/** The question object of `GET /me/question` and `POST /me/question/{id}/answer` (spec 3, 7). */
export const questionResponse = z.object({
  question: z.object({
    id: z.string(),
    question: z.string(),
    description: z.string().nullable(),
    choices: z.array(choice),
  }),
  /** Id of the next question in the sequence, or null on the last one. */
  next: z.string().nullable(),
  /** Id of the previous question in the sequence, or null on the first one. */
  previous: z.string().nullable(),
  unanswered_questions: z.number().int().nonnegative(),
  /** The choice already given to this question, or null. */
  answer_choice: z.string().nullable(),
});
export type QuestionResponse = z.infer<typeof questionResponse>;

export const questionQuery = z.object({ id: z.string().min(1).optional() });

export const questionParams = z.object({ questionId: z.string().min(1) });

export const answerRequest = z.object({
  choice_id: z.string({ error: validationMessages.selectAnswer }).min(1, validationMessages.selectAnswer),
});
export type AnswerRequest = z.infer<typeof answerRequest>;

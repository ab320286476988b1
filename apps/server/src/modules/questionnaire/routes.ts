import { assessmentResultsResponse } from '@app/contract/assessment-results';
import { assessmentApiPaths } from '@app/contract/api-paths';
import { answerRequest, questionParams, questionQuery, questionResponse } from '@app/contract/questionnaire';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { questionResponseSerializer } from './question-response-json.ts';
import { createQuestionnaireService, loadQuestionSequence, type Respondent } from './service.ts';

export interface AssessmentRoutesOptions {
  config: Config;
}

const noMoreQuestions = z.null().describe('No question is left to answer');

/**
 * The questionnaire of spec section 7 (`/me/question`, without the /api prefix) and our results
 * call. Private; the item banks are loaded once, here, when the app is built.
 */
export const assessmentRoutes: FastifyPluginAsyncZod<AssessmentRoutesOptions> = async (app, { config }) => {
  // A bad bank file throws here, which stops the start-up with the file and its problems named.
  const sequence = loadQuestionSequence(config.assessmentBanksDir);
  const questionnaire = createQuestionnaireService(sequence, { db: app.db, pool: app.pool, clock: app.clock });

  app.get(
    assessmentApiPaths.question,
    {
      serializerCompiler: questionResponseSerializer,
      schema: {
        tags: ['assessments'],
        summary: 'The first unanswered question of the sequence (environment, BIG5, values), or the question `id`; 204 when none is left',
        querystring: questionQuery,
        response: { 200: questionResponse, 204: noMoreQuestions },
      },
    },
    async (request, reply) => {
      const question = await questionnaire.question(respondentOf(request), request.query.id);
      return question ? question : reply.code(204).send(null);
    },
  );

  app.post(
    '/me/question/:questionId/answer',
    {
      serializerCompiler: questionResponseSerializer,
      schema: {
        tags: ['assessments'],
        summary: 'Stores or changes the answer to a question; answers with the next unanswered question, or 204 when none is left',
        params: questionParams,
        body: answerRequest,
        response: { 200: questionResponse, 204: noMoreQuestions },
      },
    },
    async (request, reply) => {
      const { next, progress } = await questionnaire.answer(respondentOf(request), request.params.questionId, request.body.choice_id);
      // Every answer moves the caller's unanswered count: their cached session takes the new
      // progress in place, so that their next answer does not need the auth query again.
      app.sessionCache.applyProgress(requireAuth(request).userId, progress);
      request.sessionKeptCurrent = true;
      return next ? next : reply.code(204).send(null);
    },
  );

  app.get(
    assessmentApiPaths.results,
    {
      schema: {
        tags: ['assessments'],
        summary: 'The caller’s scores per assessment (null until its set is fully answered), with bands and quality flags',
        response: { 200: assessmentResultsResponse },
      },
    },
    async (request) => questionnaire.results(requireAuth(request).userId),
  );
};

function respondentOf(request: FastifyRequest): Respondent {
  const { user } = requireAuth(request);
  // Same rule as the account object's signup_completed (accounts/account-view).
  return { id: user.id, locale: user.locale, signupCompleted: user.birthDate !== null };
}

import { questionResponse } from '@app/contract/questionnaire';
import { describe, expect, it } from 'vitest';
import { toQuestionResponse } from './question-sequence.ts';
import { serializeQuestionResponse } from './question-response-json.ts';
import { loadQuestionSequence } from './service.ts';

const sequence = loadQuestionSequence(undefined);
const count = sequence.questions.length;

/** What the schema's own serializer writes: zod's checked output, as JSON. */
function schemaJson(value: unknown): string {
  return JSON.stringify(questionResponse.encode(questionResponse.parse(value)));
}

describe('serializeQuestionResponse', () => {
  it('writes exactly what the schema serializer writes, for first, middle and last questions', () => {
    const someAnswered = `${'1'.repeat(45)}${'0'.repeat(count - 45)}`;
    const cases = [
      toQuestionResponse(sequence, sequence.questions[0]!, null, undefined, 'en'),
      toQuestionResponse(sequence, sequence.questions[45]!, someAnswered, undefined, 'en'),
      toQuestionResponse(sequence, sequence.questions[3]!, someAnswered, 2, 'en'),
      toQuestionResponse(sequence, sequence.questions[count - 1]!, someAnswered, undefined, 'pt-BR'),
      toQuestionResponse(sequence, sequence.questions[7]!, '1'.repeat(count), 5, 'de'),
    ];
    for (const response of cases) {
      expect(serializeQuestionResponse(response)).toBe(schemaJson(response));
      // Twice: the second time the question's JSON comes from the cache.
      expect(serializeQuestionResponse(response)).toBe(schemaJson(response));
    }
    expect(cases[2]?.answer_choice).toBe(`${sequence.questions[3]?.item.id}:2`);
    expect(cases[3]?.next).toBeNull();
    expect(cases[0]?.previous).toBeNull();
  });

  it('writes null for no question', () => {
    expect(serializeQuestionResponse(null)).toBe('null');
  });

  it('escapes text the way JSON.stringify does', () => {
    const question = { id: 'x-1', question: 'Quotes " and \\ and \n and ü', description: null, choices: [{ id: 'x-1:1', answer: '</script>', order: 1 }] };
    const response = { question, next: null, previous: 'x-0', unanswered_questions: 3, answer_choice: null };
    expect(serializeQuestionResponse(response)).toBe(JSON.stringify(response));
    expect(JSON.parse(serializeQuestionResponse(response))).toEqual(response);
  });
});

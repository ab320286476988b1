/**
 * A questionnaire call that failed, carrying the text to show (spec 8: the server's error text, or
 * global.genericError on an exception, as the HTTP client already resolved it).
 */
export class QuestionnaireRequestError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'QuestionnaireRequestError';
    this.status = status;
  }
}

// What the rest of the server may use of the questionnaire; everything else in this folder is the module's
// own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { syncConfiguredQuestionnaire } from './catalogue-sync.ts';
export { questionnaireStatusFrom, questionnaireStatusOf, type QuestionnaireProgress, type QuestionnaireStatus } from './questionnaire-status.ts';

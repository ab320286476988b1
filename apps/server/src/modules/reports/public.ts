// What the rest of the server may use of reports; everything else in this folder is the module's
// own (eslint.config.js: imports from outside come here; app.ts may also import routes.ts).

export { reportsModule } from './reports-module.ts';
export { queueReportFileDeletion, reportFileKeysOfUser, teamReportFileKeysOf } from './file-deletion.ts';
